import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Session record pages, by view name (contract/resources/record.ts). */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./RecordList')),
  detail: lazyPage(() => import('./RecordDetail')),
};
