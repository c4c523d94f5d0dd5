import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Drawer, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../providers/api';
import { copyText } from '../../providers/copy-text';
import { impliedPatch } from '../../settings/effects';
import { clearServerMenu, fetchServerMenu } from '../../settings/server-menu';
import { patchSettings, settingsStore, type AppSettings } from '../../settings/store';
import { useStore } from '../../stores/create-store';
import './settings.css';

type BoolKey = {
  [K in keyof AppSettings]: AppSettings[K] extends boolean ? K : never;
}[keyof AppSettings];

const CONTENT_SWITCHES: BoolKey[] = [
  'navbar',
  'menu',
  'topMenu',
  'footer',
  'tabBar',
  'menuFromServer',
];
const OTHER_SWITCHES: BoolKey[] = ['colorWeak'];

/** Applies one toggle and what it implies (spec §4). */
export async function toggleSetting(
  key: BoolKey,
  value: boolean,
  fetchMenu: () => Promise<unknown>,
): Promise<void> {
  patchSettings({ [key]: value, ...impliedPatch(key, value) });
  if (key === 'menuFromServer') {
    if (value) await fetchMenu();
    else clearServerMenu();
  }
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useStore(settingsStore);

  const row = (key: BoolKey) => (
    <div className="settings-row" key={key}>
      <span id={`setting-${key}`}>{t(`settings.${key}`)}</span>
      <Switch
        size="small"
        checked={settings[key]}
        aria-labelledby={`setting-${key}`}
        data-testid={`setting-${key}`}
        onChange={(v) => void toggleSetting(key, v, () => fetchServerMenu(http, t))}
      />
    </div>
  );

  const copy = () =>
    copyText(
      JSON.stringify(settingsStore.get(), null, 2),
      t('settings.copied'),
      t('settings.copyFailed'),
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      width={320}
      closeIcon={null}
      extra={<Button onClick={onClose}>{t('settings.close')}</Button>}
      footer={
        <Button
          type="primary"
          block
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          data-testid="copy-settings"
        >
          {t('settings.copy')}
        </Button>
      }
      data-testid="settings-drawer"
    >
      <Typography.Title level={5}>{t('settings.content')}</Typography.Title>
      {CONTENT_SWITCHES.map(row)}
      <div className="settings-row">
        <span id="setting-menuWidth">{t('settings.menuWidth')}</span>
        <InputNumber
          size="small"
          className="settings-menu-width"
          min={120}
          max={480}
          step={10}
          value={settings.menuWidth}
          aria-labelledby="setting-menuWidth"
          data-testid="setting-menuWidth"
          onChange={(v) => typeof v === 'number' && patchSettings({ menuWidth: v })}
        />
      </div>
      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      {OTHER_SWITCHES.map(row)}
      <Alert type="warning" showIcon message={t('settings.alert')} className="settings-alert" />
    </Drawer>
  );
}
