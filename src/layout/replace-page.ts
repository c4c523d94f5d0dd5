import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { RouteNode } from '../../contract/menu';
import { breadcrumbStore } from '../stores/breadcrumb';
import { tabsStore } from '../stores/tabs';
import { replaceTrail } from './breadcrumb/trail';
import { replaceTab } from './tab-bar/tabs';

/**
 * Opens `fullPath` (a page of route `to`) in place of the page of route `from`: its history
 * entry, its tab and its breadcrumb entry. A saved create form gives way to the record it
 * made; left behind, its tab and crumb led back to an empty form.
 */
export function useReplacePage() {
  const navigate = useNavigate();
  return useCallback(
    (from: RouteNode, to: RouteNode, fullPath: string) => {
      const q = fullPath.indexOf('?');
      const query = Object.fromEntries(new URLSearchParams(q >= 0 ? fullPath.slice(q + 1) : ''));
      // Before navigating: the route change then finds its tab and crumb already in place.
      tabsStore.set((tabs) => replaceTab(tabs, from.name, to, fullPath));
      breadcrumbStore.set((prev) =>
        replaceTrail(
          prev,
          from.path,
          { label: to.locale, path: to.path, query },
          to.hidden ?? false,
        ),
      );
      navigate(fullPath, { replace: true });
    },
    [navigate],
  );
}
