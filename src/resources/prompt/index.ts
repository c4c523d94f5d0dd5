import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

const PromptList = lazyPage(() => import('./PromptList'));
const PromptCreate = lazyPage(() => import('./PromptCreate'));
const PromptDetail = lazyPage(() => import('./PromptDetail'));

/** Template pages by view name (contract/resources/prompt.ts); both scopes share each page. */
export const pages: ResourcePages = {
  'list-public': PromptList,
  list: PromptList,
  'add-public': PromptCreate,
  add: PromptCreate,
  'detail-public': PromptDetail,
  detail: PromptDetail,
};
