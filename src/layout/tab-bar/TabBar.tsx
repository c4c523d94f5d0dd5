import {
  CloseOutlined,
  ColumnWidthOutlined,
  DeleteOutlined,
  LeftOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_ROUTE } from '../../routes/table';
import { useStore } from '../../stores/create-store';
import { tabsStore, type TabEntry } from '../../stores/tabs';
import { closeTabs, nextActive, type CloseAction } from './tabs';
import { reloadTab } from './reload';
import { rememberScroll, TAB_SWITCH } from './scroll';
import './tab-bar.css';

export function TabBar({ activeName }: { activeName: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useStore(tabsStore);

  const close = (name: string, action: CloseAction) => {
    const after = closeTabs(tabs, name, action);
    tabsStore.set(after);
    const target =
      action === 'others' || action === 'left' || action === 'right'
        ? after.find((tab) => tab.name === name)
        : nextActive(tabs, after, activeName ?? name);
    if (target && target.name !== activeName) navigate(target.fullPath);
    else if (!target && activeName && !after.some((tab) => tab.name === activeName)) {
      navigate(after[0]?.fullPath ?? '/');
    }
  };

  const menuFor = (tab: TabEntry, index: number) => ({
    items: [
      { key: 'reload', icon: <ReloadOutlined />, label: t('tabBar.reload') },
      {
        key: 'close',
        icon: <CloseOutlined />,
        label: t('tabBar.close'),
        disabled: tab.name === HOME_ROUTE,
      },
      { key: 'left', icon: <LeftOutlined />, label: t('tabBar.closeLeft'), disabled: index <= 1 },
      {
        key: 'right',
        icon: <RightOutlined />,
        label: t('tabBar.closeRight'),
        disabled: index === tabs.length - 1,
      },
      { key: 'others', icon: <ColumnWidthOutlined />, label: t('tabBar.closeOthers') },
      { key: 'all', icon: <DeleteOutlined />, label: t('tabBar.closeAll') },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation(): void } }) => {
      // The menu sits inside the tab's label: without this the click also activates the tab.
      domEvent.stopPropagation();
      if (key === 'reload') {
        reloadTab(tab.name);
        if (tab.name !== activeName) navigate(tab.fullPath);
      } else close(tab.name, key as CloseAction);
    },
  });

  return (
    <div className="tab-bar" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeName ?? undefined}
        onChange={(key) => {
          const tab = tabs.find((x) => x.name === key);
          if (!tab) return;
          rememberScroll(activeName);
          navigate(tab.fullPath, { state: TAB_SWITCH });
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key, 'close');
        }}
        items={tabs.map((tab, i) => ({
          key: tab.name,
          closable: tab.name !== HOME_ROUTE,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab, i)}>
              <span data-testid={`tab-${tab.name}`}>{t(tab.title)}</span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
