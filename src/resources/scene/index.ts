import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Scene pages that replace the generic ones, by view name (contract/resources/scene.ts). */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./SceneList')),
  statistics: lazyPage(() => import('./StatisticsPage')),
  detail: lazyPage(() => import('./SceneDetail')),
};
