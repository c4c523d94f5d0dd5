import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Template call pages, by view name (contract/resources/prompt-call.ts). */
export const pages: ResourcePages = {
  'call-list': lazyPage(() => import('./CallList')),
  'call-detail': lazyPage(() => import('./CallDetail')),
};
