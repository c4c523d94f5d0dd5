/** A route change as the shell reports it. */
export interface RouteChange {
  name: string | null;
  path: string;
  search: string;
  fullPath: string;
}

type Listener = (route: RouteChange) => void;

const listeners = new Set<Listener>();
let last: RouteChange | null = null;

export function emitRouteChange(route: RouteChange): void {
  last = route;
  listeners.forEach((l) => l(route));
}

/** Subscribes to route changes; the last route (if any) is delivered at once (spec §4). */
export function listenRouteChange(listener: Listener, immediate = true): () => void {
  listeners.add(listener);
  if (immediate && last) listener(last);
  return () => listeners.delete(listener);
}

export function lastRoute(): RouteChange | null {
  return last;
}
