import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Session record pages, by view name (contract/resources/record.ts). */
export const pages: ResourcePages = {
  list: lazy(() => import('./RecordList')),
  detail: lazy(() => import('./RecordDetail')),
};
