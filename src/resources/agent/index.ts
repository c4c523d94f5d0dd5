import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Agent pages that replace the generic ones, by view name (contract/resources/agent.ts). */
export const pages: ResourcePages = {
  list: lazy(() => import('./AgentList')),
  detail: lazy(() => import('./AgentDetail')),
};
