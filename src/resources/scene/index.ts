import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Scene pages that replace the generic ones, by view name (contract/resources/scene.ts). */
export const pages: ResourcePages = {
  list: lazy(() => import('./SceneList')),
  statistics: lazy(() => import('./StatisticsPage')),
  detail: lazy(() => import('./SceneDetail')),
};
