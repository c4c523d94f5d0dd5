import { lazy } from 'react';
import type { ResourcePages } from '../pages';

const PromptList = lazy(() => import('./PromptList'));
const PromptCreate = lazy(() => import('./PromptCreate'));
const PromptDetail = lazy(() => import('./PromptDetail'));

/** Template pages by view name (contract/resources/prompt.ts); both scopes share each page. */
export const pages: ResourcePages = {
  'list-public': PromptList,
  list: PromptList,
  'add-public': PromptCreate,
  add: PromptCreate,
  'detail-public': PromptDetail,
  detail: PromptDetail,
};
