import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded page whose code can be fetched before it is rendered. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's chunks (once); what React renders later waits for the same load. */
  preload(): Promise<unknown>;
};

/**
 * React's `lazy` with a preload: the menu fetches a page's chunks when the pointer
 * or focus reaches its entry, and the shell fetches the list pages' chunks once it is idle, so
 * a click finds them loaded. React and the preload share one import.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (a deploy replaced the chunks, the network blinked) is tried again by
      // the next preload or render rather than remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: () => once().catch(() => undefined) });
}
