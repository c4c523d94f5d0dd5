import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Directive pages by view name (contract/resources/directive.ts): the reorderable list. */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./DirectiveList')),
};
