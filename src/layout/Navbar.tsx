import {
  KeyOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Descriptions, Dropdown, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADMIN_ID } from '../../contract/identity';
import { LocaleSwitch } from '../components/locale-switch/LocaleSwitch';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { authActions } from '../providers/api';
import { formatLongDateTime } from '../providers/dates';
import { feedbackMessage } from '../providers/feedback';
import { patchSettings, settingsStore } from '../settings/store';
import { useStore } from '../stores/create-store';
import { roleStore, switchRole } from '../stores/role';
import { userStore } from '../stores/user';
import { Tip } from '../components/Tip';
import { useDialog } from '../components/use-dialog';

const PROFILE_FIELDS = [
  'userName',
  'name',
  'userCode',
  'email',
  'phone',
  'jobName',
  'organizationName',
  'locationName',
  'registrationDate',
] as const;
/** Profile fields that hold a date-time: shown in the UI locale, never as the raw ISO string. */
const DATE_FIELDS: ReadonlySet<string> = new Set(['registrationDate']);

export function Navbar({
  onOpenSettings,
  onOpenMenu,
}: {
  onOpenSettings(): void;
  onOpenMenu?(): void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const settings = useStore(settingsStore);
  const role = useStore(roleStore);
  const user = useStore(userStore);
  const [profileOpen, setProfileOpen] = useState(false);
  const password = useDialog<true>();
  const userMenuRef = useRef<HTMLButtonElement>(null);
  const isAdminAccount = user.id === ADMIN_ID;
  const dark = settings.theme === 'dark';

  // The dialogs are opened from a menu item that is hidden when they close, so antd's own return
  // of the focus fails and it stays in the closed dialog, then falls to the page's body; the
  // menu's button is where a keyboard user was.
  const focusUserMenu = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="dialog"]')) {
      userMenuRef.current?.focus();
    }
  };

  const logout = async () => {
    await authActions.logout();
    navigate('/login', { replace: true });
  };

  return (
    <header className="navbar" data-testid="navbar">
      <div className="navbar__left">
        {onOpenMenu && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            onClick={onOpenMenu}
            aria-label={t('navbar.menu')}
          />
        )}
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Typography.Text strong className="navbar__title">
          {t('app.title')}
        </Typography.Text>
      </div>
      <Space size={12} className="navbar__right">
        <LocaleSwitch />
        <Tip title={dark ? t('navbar.toLight') : t('navbar.toDark')}>
          <Button
            shape="circle"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            aria-label={dark ? t('navbar.toLight') : t('navbar.toDark')}
            data-testid="theme-switch"
            onClick={() => patchSettings({ theme: dark ? 'light' : 'dark' })}
          />
        </Tip>
        {isAdminAccount && (
          <Tip title={t('navbar.switchRole')}>
            <Button
              shape="round"
              icon={<SwapOutlined />}
              data-testid="role-switch"
              onClick={() => {
                const next = switchRole();
                void feedbackMessage().success(
                  t('navbar.roleSwitched', { role: t(`roles.${next}`) }),
                );
              }}
            >
              {t(`roles.${role ?? 'user'}`)}
            </Button>
          </Tip>
        )}
        <Tip title={t('settings.title')}>
          <Button
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t('settings.title')}
            data-testid="settings-button"
            onClick={onOpenSettings}
          />
        </Tip>
        <Dropdown
          trigger={['click']}
          autoFocus
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
              { key: 'password', icon: <KeyOutlined />, label: t('user.actions.changePassword') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('buttons.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') setProfileOpen(true);
              if (key === 'password') password.show(true);
              if (key === 'logout') void logout();
            },
          }}
        >
          <Button ref={userMenuRef} type="text" className="navbar__user" data-testid="user-menu">
            <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
            <span>{user.name || user.userName}</span>
          </Button>
        </Dropdown>
      </Space>
      {/* Mounted only while open or closing: no hidden password form sits in every page. */}
      {password.state && (
        <ChangePasswordDialog
          key={password.key}
          open={password.open}
          onClose={password.close}
          afterClose={() => {
            password.afterClose();
            focusUserMenu();
          }}
        />
      )}
      <Modal
        open={profileOpen}
        title={t('navbar.profile')}
        onCancel={() => setProfileOpen(false)}
        afterClose={focusUserMenu}
        footer={null}
      >
        <Descriptions column={1} size="small" bordered>
          {PROFILE_FIELDS.map((f) => {
            const value = DATE_FIELDS.has(f)
              ? formatLongDateTime(user[f], i18n.language)
              : user[f] && String(user[f]);
            return (
              <Descriptions.Item key={f} label={t(`user.fields.${f}`)}>
                {value || '-'}
              </Descriptions.Item>
            );
          })}
          <Descriptions.Item label={t('user.fields.role')}>
            {t(`roles.${role ?? 'user'}`)}
          </Descriptions.Item>
        </Descriptions>
      </Modal>
    </header>
  );
}
