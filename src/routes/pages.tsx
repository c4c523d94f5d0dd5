import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RouteNode } from '../../contract/menu';
import { resourceByName } from '../../contract/resources';
import { siblingOf } from './table';

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
const GenericCreate = lazy(() =>
  import('../components/resource/ResourceCreatePage').then((m) => ({
    default: m.ResourceCreatePage,
  })),
);

/**
 * What a route renders. Elements of module-level (lazy) components only, so React sees the
 * same component type on every render and keeps the page's state.
 */
export function pageElement(route: RouteNode, routes: readonly RouteNode[]): ReactNode {
  const Dedicated = DEDICATED[route.name];
  if (Dedicated) return <Dedicated />;
  const def = route.resource ? resourceByName(route.resource) : undefined;
  if (!def) return null;
  const listPath = siblingOf(route, 'list', routes)?.path;
  const detailPath = siblingOf(route, 'show', routes)?.path;
  switch (route.view) {
    case 'list':
      return (
        <GenericList
          def={def}
          detailPath={detailPath}
          createPath={siblingOf(route, 'create', routes)?.path}
          preset={route.preset}
          titleKey={route.locale}
        />
      );
    case 'show':
      return <GenericShow def={def} listPath={listPath} titleKey={route.locale} />;
    case 'create':
      return (
        <GenericCreate
          def={def}
          preset={route.preset}
          listPath={listPath}
          detailPath={detailPath}
        />
      );
    default:
      return null;
  }
}
