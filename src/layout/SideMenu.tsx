import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteNode } from '../../contract/menu';
import { wikiUrl } from '../providers/config';
import { iconFor } from './icons';

export interface SideMenuProps {
  menu: readonly RouteNode[];
  activeName: string | null;
  collapsed: boolean;
  mode?: 'inline' | 'horizontal';
  onNavigate?(): void;
}

export function SideMenu({
  menu,
  activeName,
  collapsed,
  mode = 'inline',
  onNavigate,
}: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const byName = useMemo(() => {
    const m = new Map<string, RouteNode>();
    const walk = (ns: readonly RouteNode[]) =>
      ns.forEach((n) => {
        m.set(n.name, n);
        if (n.children) walk(n.children);
      });
    walk(menu);
    return m;
  }, [menu]);

  const items: ItemType[] = menu.map((n) =>
    n.children
      ? {
          key: n.name,
          icon: iconFor(n.icon),
          label: t(n.locale),
          children: n.children.map((c) => ({ key: c.name, label: t(c.locale) })),
        }
      : { key: n.name, icon: iconFor(n.icon), label: t(n.locale) },
  );
  const group = activeName?.split('.')[0];

  return (
    <Menu
      mode={mode}
      items={items}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      selectedKeys={activeName ? [activeName] : []}
      defaultOpenKeys={group && mode === 'inline' ? [group] : []}
      data-testid="side-menu"
      onClick={({ key }) => {
        const node = byName.get(key);
        if (!node) return;
        if (node.external) {
          window.open(wikiUrl(), '_blank', 'noopener,noreferrer');
          return;
        }
        navigate(node.path);
        onNavigate?.();
      }}
    />
  );
}
