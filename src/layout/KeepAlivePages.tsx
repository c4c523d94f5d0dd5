import { Activity } from 'react';
import { Route, Routes, type Location } from 'react-router';
import type { RouteNode } from '../../contract/menu';
import { routeByName } from '../routes/table';
import { useStore } from '../stores/create-store';
import { tabsStore } from '../stores/tabs';
import { PageHost } from './PageHost';
import { reloadKeys } from './tab-bar/reload';

/**
 * The open tabs' pages, all mounted, only the active one visible. React's <Activity> keeps a
 * hidden page's state, scroll and form input while it is away, instead of remounting it.
 * Each page sees its own tab's location, so a hidden list keeps its page and filters.
 */
export function KeepAlivePages({
  route,
  location,
  cache,
}: {
  route: RouteNode;
  location: Location;
  cache: boolean;
}) {
  const tabs = useStore(tabsStore);
  const keys = useStore(reloadKeys);
  // One keyed list in tab order, so a page keeps its slot (and its state) as tabs switch.
  const names = cache ? tabs.filter((t) => !t.ignoreCache).map((t) => t.name) : [];
  if (!names.includes(route.name)) names.push(route.name);
  const render = (r: RouteNode, loc: Location | string) => (
    <Routes location={loc}>
      <Route path={r.path} element={<PageHost route={r} />} />
    </Routes>
  );
  return (
    <>
      {names.map((name) => {
        const active = name === route.name;
        const r = active ? route : routeByName(name);
        const tab = tabs.find((t) => t.name === name);
        if (!r || (!active && !tab)) return null;
        return (
          <Activity key={`${name}:${keys[name] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            {render(r, active ? location : tab!.fullPath)}
          </Activity>
        );
      })}
    </>
  );
}
