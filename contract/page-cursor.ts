/**
 * Keyset ("cursor") paging of every list. A cursor names one row's place in the
 * list's order: the values of its sort keys (ending with the id) and whether the wanted page
 * comes after or before it. Clients treat it as opaque and send it back with the same sorters
 * and filters; the server reads it with `decodeCursor`, so the format lives in one place.
 */
export interface PageCursor {
  /** The page after the row (next) or before it (previous). */
  readonly after: boolean;
  /** The row's sort-key values in the list's order, the id last; datetimes as PostgreSQL text. */
  readonly key: readonly unknown[];
}

/**
 * How deep `current` may page by OFFSET: (current - 1) × pageSize must stay below this many
 * rows. An offset page reads and checks every row before it, so numbered pages stop while they
 * still cost about what page 1 costs (ten pages at the default ten rows); further pages are
 * reached by cursor, which costs the same on page 10 000 as on page 1.
 */
export const MAX_OFFSET_ROWS = 100;

/** The longest cursor accepted: a key of at most 4 values (3 sorters + id) fits easily. */
export const MAX_CURSOR_LENGTH = 2_000;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (c) => c.charCodeAt(0)),
  );
}

export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify({ a: cursor.after ? 1 : 0, k: cursor.key }));
}

/** The cursor a string holds, or undefined when it is not one (a client's mistake). */
export function decodeCursor(text: string): PageCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const parsed = JSON.parse(fromBase64Url(text)) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { a, k } = parsed as { a?: unknown; k?: unknown };
    if ((a !== 0 && a !== 1) || !Array.isArray(k) || k.length === 0) return undefined;
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (!k.every(scalar)) return undefined;
    return { after: a === 1, key: k };
  } catch {
    return undefined;
  }
}
