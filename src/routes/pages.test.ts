import { describe, expect, it } from 'vitest';
import { viewsOf } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { DEDICATED_PAGES } from '../resources/pages';
import { pageFor } from './pages';
import { LEAF_ROUTES } from './table';

describe('pages of the route tree', () => {
  it('every route has a page: dedicated, generic for its kind, or one of the console’s own', () => {
    const missing = LEAF_ROUTES.filter((r) => !r.external && !pageFor(r)).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  it('every resource folder is named after a resource and exports pages only for its views', () => {
    for (const [resource, pages] of Object.entries(DEDICATED_PAGES)) {
      const def = RESOURCES.find((r) => r.name === resource);
      expect(def, `src/resources/${resource}`).toBeDefined();
      const views = viewsOf(def!).map((v) => v.name);
      expect(
        Object.keys(pages).filter((v) => !views.includes(v)),
        resource,
      ).toEqual([]);
    }
  });

  it('finds the scene folder’s pages without a hand-kept table', () => {
    expect(Object.keys(DEDICATED_PAGES.scene ?? {}).sort()).toEqual([
      'detail',
      'list',
      'statistics',
    ]);
  });
});
