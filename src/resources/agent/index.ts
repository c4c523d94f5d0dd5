import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Agent pages that replace the generic ones, by view name (contract/resources/agent.ts). */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./AgentList')),
  detail: lazyPage(() => import('./AgentDetail')),
};
