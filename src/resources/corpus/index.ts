import { lazy } from 'react';
import type { ResourcePages } from '../pages';

/** Corpus pages by view name (contract/resources/corpus.ts). */
export const pages: ResourcePages = {
  list: lazy(() => import('./CorpusList')),
  detail: lazy(() => import('./CorpusDetail')),
  mark: lazy(() => import('./MarkPage')),
};
