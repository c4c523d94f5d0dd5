import type { LazyPage } from '../routes/lazy-page';

/** A resource folder's dedicated pages (`src/resources/<name>/index.ts`), by view name. */
export type ResourcePages = Readonly<Record<string, LazyPage>>;

const FOLDERS = import.meta.glob<ResourcePages>('./*/index.ts', {
  eager: true,
  import: 'pages',
});

/**
 * Dedicated pages by resource name, found from the folders themselves: a folder named after a
 * resource that exports `pages` replaces the generic page of each view it names.
 */
export const DEDICATED_PAGES: Readonly<Record<string, ResourcePages>> = Object.fromEntries(
  Object.entries(FOLDERS).map(([path, pages]) => [path.split('/')[1] as string, pages]),
);
