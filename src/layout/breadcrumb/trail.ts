import type { BreadcrumbEntry } from '../../stores/breadcrumb';

function groupOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/**
 * The stored breadcrumb after visiting a route: a menu page starts a new trail; a hidden page
 * (a detail reached from a list) extends a trail of its own menu group, and revisiting an entry
 * cuts the trail back to it.
 */
export function nextTrail(
  prev: readonly BreadcrumbEntry[],
  entry: BreadcrumbEntry,
  hidden: boolean,
): BreadcrumbEntry[] {
  if (!hidden) return [entry];
  const last = prev[prev.length - 1];
  if (!last || groupOf(last.path) !== groupOf(entry.path)) return [entry];
  const at = prev.findIndex((e) => e.path === entry.path);
  if (at >= 0) return [...prev.slice(0, at), entry];
  return [...prev, entry];
}

/** The trail when a page gives way to another: the new entry takes the last one's place. */
export function replaceTrail(
  prev: readonly BreadcrumbEntry[],
  fromPath: string,
  entry: BreadcrumbEntry,
  hidden: boolean,
): BreadcrumbEntry[] {
  const last = prev[prev.length - 1];
  return nextTrail(last?.path === fromPath ? prev.slice(0, -1) : prev, entry, hidden);
}

export function entryHref(entry: BreadcrumbEntry): string {
  const q = new URLSearchParams(entry.query).toString();
  return q ? `${entry.path}?${q}` : entry.path;
}
