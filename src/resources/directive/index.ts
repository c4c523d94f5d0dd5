import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Directive pages by view name (contract/resources/directive.ts): the reorderable list. */
export const pages: ResourcePages = {
  list: lazy(() => import('./DirectiveList')),
};
