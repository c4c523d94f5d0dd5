import {
  CloseOutlined,
  ColumnWidthOutlined,
  DeleteOutlined,
  LeftOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
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
  // The tab whose context menu is open. Controlled, because the keyboard's menu key (and
  // Shift+F10) sends its contextmenu to the focused tab, around the label the Dropdown listens on.
  const [menuTab, setMenuTab] = useState<string | null>(null);

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
      closeMenu(tab.name);
      if (key === 'reload') {
        reloadTab(tab.name);
        if (tab.name !== activeName) navigate(tab.fullPath);
      } else close(tab.name, key as CloseAction);
    },
  });

  // A contextmenu the label's Dropdown did not take: the keyboard's, or a right click beside
  // the label. It opens that tab's menu, which takes the focus (`autoFocus`).
  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || !(e.target instanceof Element)) return;
    const name = e.target.closest('.ant-tabs-tab')?.getAttribute('data-node-key');
    if (!name || !tabs.some((tab) => tab.name === name)) return;
    e.preventDefault();
    setMenuTab(name);
  };
  // Closed by Escape or a choice, the menu leaves the focus in itself, on its way out (rc-dropdown
  // focuses the label on Escape, which cannot hold it): once that has run, the focus goes back to
  // the tab, where the keyboard was, or, when the choice closed that tab, to the tab shown next
  // once it is (`refocus`). A click elsewhere keeps its own focus.
  const refocus = useRef(false);
  const focusShown = () => {
    const shown = tabButton('.ant-tabs-tab-active');
    if (!refocus.current || !shown) return;
    refocus.current = false;
    shown.focus();
  };
  useEffect(focusShown, [activeName, tabs]);
  const closeMenu = (name: string) => {
    setMenuTab(null);
    window.setTimeout(() => {
      const own = tabButton(`[data-node-key="${CSS.escape(name)}"]`);
      const active = document.activeElement;
      const left = !active || active === document.body;
      if (!active?.closest('.ant-dropdown') && !(left && !own)) return;
      if (own) return own.focus();
      refocus.current = true;
      focusShown();
    });
  };

  return (
    <div className="tab-bar" data-testid="tab-bar" onContextMenu={onContextMenu}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeName ?? undefined}
        // On every click, not antd's onChange: while the next page is still loading, the router
        // has already moved the address but the bar still marks the tab being left as active,
        // and a click on it must lead back there.
        onTabClick={(key) => {
          const tab = tabs.find((x) => x.name === key);
          if (!tab || tab.fullPath === `${window.location.pathname}${window.location.search}`) {
            return;
          }
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
            <Dropdown
              trigger={['contextMenu']}
              autoFocus
              open={menuTab === tab.name}
              onOpenChange={(open) => (open ? setMenuTab(tab.name) : closeMenu(tab.name))}
              menu={menuFor(tab, i)}
            >
              <span data-testid={`tab-${tab.name}`}>{t(tab.title)}</span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}

/** The focusable button of the tab matching `selector` (on `.ant-tabs-tab`), if shown. */
function tabButton(selector: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.tab-bar .ant-tabs-tab${selector} .ant-tabs-tab-btn`);
}
