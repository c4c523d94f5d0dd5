import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteNode } from '../../contract/menu';
import { wikiUrl } from '../providers/config';
import { preloadRoute } from '../routes/pages';
import { iconFor } from './icons';

const isList = (n: RouteNode) => n.view === 'list';
const PREFETCH_AFTER_MS = 2000;

/**
 * Once the shell is idle, list pages' code is fetched so a first click waits only for rows.
 * Only lists: chart pages would bring the chart library to everyone; they load on hover.
 */
function prefetchLists(menu: readonly RouteNode[]): () => void {
  const lists = menu.flatMap((n) => n.children ?? [n]).filter(isList);
  const run = () => lists.forEach((n) => void preloadRoute(n));
  // After the page on screen has had its chunks and rows (they come first), when idle.
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(run, { timeout: 3000 });
    else run();
  }, PREFETCH_AFTER_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

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

  useEffect(() => prefetchLists(menu), [menu]);

  // A page's code is fetched when the pointer reaches its entry (any page: the user means it),
  // and a group's list pages when it opens; the rows are fetched by the click.
  const preload = (n: RouteNode) => () => void preloadRoute(n);
  const items: ItemType[] = menu.map((n) =>
    n.children
      ? {
          key: n.name,
          icon: iconFor(n.icon),
          label: t(n.locale),
          onTitleMouseEnter: () => n.children?.filter(isList).forEach((c) => preload(c)()),
          children: n.children.map((c) => ({
            key: c.name,
            label: t(c.locale),
            onMouseEnter: preload(c),
          })),
        }
      : { key: n.name, icon: iconFor(n.icon), label: t(n.locale), onMouseEnter: preload(n) },
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
      onOpenChange={(keys) =>
        byName
          .get(keys[keys.length - 1] ?? '')
          ?.children?.filter(isList)
          .forEach((c) => void preloadRoute(c))
      }
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
