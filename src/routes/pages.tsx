import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteNode } from '../../contract/menu';
import { resourceByName } from '../../contract/resources';

type Page = LazyExoticComponent<ComponentType>;

/** Dedicated pages by route name; every other resource route renders the generic pages. */
const DEDICATED: Record<string, Page> = {
  'dashboard.workplace': lazy(() => import('../pages/workplace/WorkplacePage')),
  'scene.list': lazy(() => import('../resources/scene/SceneList')),
  'scene.detail': lazy(() => import('../resources/scene/SceneDetail')),
  'scene.statistics': lazy(() => import('../pages/statistics/StatisticsPage')),
};

const GenericList = lazy(() =>
  import('../components/resource/ResourceListPage').then((m) => ({ default: m.ResourceListPage })),
);
const GenericShow = lazy(() =>
  import('../components/resource/ResourceShowPage').then((m) => ({ default: m.ResourceShowPage })),
);

const cache = new Map<string, ComponentType>();

/** The component a route renders; stable per route so React keeps its state. */
export function pageFor(route: RouteNode, siblings: readonly RouteNode[]): ComponentType | null {
  const known = DEDICATED[route.name] ?? cache.get(route.name);
  if (known) return known;
  const def = route.resource ? resourceByName(route.resource) : undefined;
  if (!def) return null;
  const detail = siblings.find((s) => s.resource === def.name && s.view === 'show');
  const list = siblings.find((s) => s.resource === def.name && s.view === 'list');
  let page: ComponentType | null = null;
  if (route.view === 'list') {
    page = function ResourceList() {
      return <GenericList def={def} detailPath={detail?.path} />;
    };
  } else if (route.view === 'show') {
    page = function ResourceShow() {
      return <GenericShow def={def} listPath={list?.path} />;
    };
  }
  if (page) cache.set(route.name, page);
  return page;
}
