import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Template call pages, by view name (contract/resources/prompt-call.ts). */
export const pages: ResourcePages = {
  'call-list': lazy(() => import('./CallList')),
  'call-detail': lazy(() => import('./CallDetail')),
};
