import { lazyPage } from '../../routes/lazy-page';
import type { ResourcePages } from '../pages';

/** Corpus pages by view name (contract/resources/corpus.ts). */
export const pages: ResourcePages = {
  list: lazyPage(() => import('./CorpusList')),
  detail: lazyPage(() => import('./CorpusDetail')),
  mark: lazyPage(() => import('./MarkPage')),
};
