import { createCache } from '@ant-design/cssinjs';

/**
 * antd's style cache, which keeps a component's generated styles after its last instance
 * unmounts. cssinjs forgets them then and generates them again on the next mount: every
 * navigation regenerated most of the new page's styles (a list's table, buttons, checkboxes).
 * The styles stay in the document either way; only the cache entry was dropped.
 */
export function createKeptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, next) => update(key, (prev) => next(prev) ?? (prev ? [0, prev[1]] : null));
  return cache;
}
