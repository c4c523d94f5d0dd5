declare global {
  interface Window {
    /** Set by a deployment (e.g. a script tag before the bundle) to point at another API host. */
    __APP_CONFIG__?: { apiBaseUrl?: string; wikiUrl?: string };
  }
}

/** Base URL of the API: build variable first, then the window config, else same origin. */
export function apiBaseUrl(): string {
  const fromBuild = import.meta.env.VITE_API_BASE_URL as string | undefined;
  if (fromBuild) return fromBuild;
  if (typeof window !== 'undefined' && window.__APP_CONFIG__?.apiBaseUrl) {
    return window.__APP_CONFIG__.apiBaseUrl;
  }
  return '';
}

/** The external wiki the menu links to (spec §2, order 8). */
export function wikiUrl(): string {
  const fromBuild = import.meta.env.VITE_WIKI_URL as string | undefined;
  if (fromBuild) return fromBuild;
  if (typeof window !== 'undefined' && window.__APP_CONFIG__?.wikiUrl) {
    return window.__APP_CONFIG__.wikiUrl;
  }
  return 'https://github.com/refinedev/refine';
}
