/** One page of the ids being stepped through (id order), and how many there are in all. */
export type FetchIds = (page: number) => Promise<{ ids: number[]; total: number }>;

export type Direction = 'next' | 'prev';

/** At most this many pages are read for one step (a binary search needs ~log2 of the pages). */
const MAX_PROBES = 40;

/**
 * The item after (or before) `current` among the ids a filter selects, read in id order one page
 * at a time. Ids rather than positions: the list changes under the annotator (a saved item
 * leaves the "pending" filter), so the neighbour is the smallest id above (largest below) the
 * current one, wherever it now sits. The page `hint` (where the last step ended) is read first
 * and is usually the answer; otherwise a binary search over the pages finds it.
 */
export async function findNeighbour(
  fetchIds: FetchIds,
  current: number,
  dir: Direction,
  pageSize: number,
  hint = 1,
): Promise<{ id: number; page: number } | null> {
  const cache = new Map<number, number[]>();
  let total = 0;
  const read = async (page: number) => {
    const known = cache.get(page);
    if (known) return known;
    const answer = await fetchIds(page);
    total = answer.total;
    cache.set(page, answer.ids);
    return answer.ids;
  };
  await read(Math.max(1, hint));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  let lo = 1;
  let hi = pages;
  let probe = Math.min(Math.max(1, hint), pages);
  let best: { page: number; ids: number[] } | null = null;
  for (let i = 0; lo <= hi && i < MAX_PROBES; i++) {
    const ids = await read(probe);
    const first = ids[0];
    const last = ids[ids.length - 1];
    if (dir === 'next') {
      // Pages whose last id is above `current`: the first such page holds the answer.
      if (last !== undefined && last > current) {
        best = { page: probe, ids };
        if (first !== undefined && first <= current) break;
        hi = probe - 1;
      } else {
        lo = probe + 1;
      }
    } else if (first !== undefined && first < current) {
      // Pages whose first id is below `current`: the last such page holds the answer.
      best = { page: probe, ids };
      if (last !== undefined && last >= current) break;
      lo = probe + 1;
    } else {
      hi = probe - 1;
    }
    probe = Math.floor((lo + hi) / 2);
  }
  if (!best) return null;
  const id =
    dir === 'next'
      ? best.ids.find((x) => x > current)
      : [...best.ids].reverse().find((x) => x < current);
  return id === undefined ? null : { id, page: best.page };
}

/** Whether a key press is typing: text inputs, text areas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const role = el.getAttribute('role');
  if (role === 'textbox' || role === 'combobox' || role === 'searchbox') return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
  return !['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    type,
  );
}
