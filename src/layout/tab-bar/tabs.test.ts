import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../../../contract/menu';
import { HOME_PATH, HOME_ROUTE, routeByName } from '../../routes/table';
import type { TabEntry } from '../../stores/tabs';
import { closeTabs, nextActive, openTab, replaceTab, tabFor, type CloseAction } from './tabs';

function route(name: string): RouteNode {
  const r = routeByName(name);
  if (!r) throw new Error(`route ${name} missing`);
  return r;
}

const fake = (name: string, extra: Partial<RouteNode> = {}): RouteNode => ({
  name,
  path: `/${name}`,
  locale: `menu.${name}`,
  roles: ['*'],
  ...extra,
});

/** Opens the given routes in order, starting from no tabs. */
function opened(...names: string[]): TabEntry[] {
  return names.reduce<TabEntry[]>((tabs, n) => openTab(tabs, fake(n), `/${n}`), []);
}
const names = (tabs: readonly TabEntry[]) => tabs.map((t) => t.name);

describe('tabFor', () => {
  it('builds the entry of spec §3 from the route and the full path', () => {
    expect(tabFor(route('scene.detail'), '/scene/detail?id=3&tab=info')).toEqual({
      title: 'scene.menu.detail',
      name: 'scene.detail',
      fullPath: '/scene/detail?id=3&tab=info',
      query: { id: '3', tab: 'info' },
      ignoreCache: false,
    });
  });

  it('carries ignoreCache from the route', () => {
    expect(tabFor(fake('x', { ignoreCache: true }), '/x').ignoreCache).toBe(true);
  });
});

describe('openTab', () => {
  it('puts the workplace tab first, even when opened from elsewhere', () => {
    const tabs = openTab([], route('scene.list'), '/scene/list');
    expect(names(tabs)).toEqual([HOME_ROUTE, 'scene.list']);
    expect(tabs[0]).toMatchObject({ fullPath: HOME_PATH, title: 'menu.dashboard.workplace' });
  });

  it('moves a workplace tab found later in the list to the front', () => {
    const list = [tabFor(fake('a'), '/a'), tabFor(route(HOME_ROUTE), `${HOME_PATH}?x=1`)];
    const tabs = openTab(list, fake('b'), '/b');
    expect(names(tabs)).toEqual([HOME_ROUTE, 'a', 'b']);
    expect(tabs[0]!.fullPath).toBe(`${HOME_PATH}?x=1`);
  });

  it('opening the workplace itself does not duplicate it', () => {
    const tabs = openTab(opened('a'), route(HOME_ROUTE), HOME_PATH);
    expect(names(tabs)).toEqual([HOME_ROUTE, 'a']);
  });

  it('keeps one tab per route name and updates its fullPath and query in place', () => {
    const before = opened('a', 'b', 'c');
    const after = openTab(before, fake('b'), '/b?id=9');
    expect(names(after)).toEqual([HOME_ROUTE, 'a', 'b', 'c']);
    expect(after[2]).toMatchObject({ fullPath: '/b?id=9', query: { id: '9' } });
    expect(before[2]!.fullPath).toBe('/b'); // not mutated
  });

  it('appends new routes in opening order', () => {
    expect(names(opened('a', 'b', 'a', 'c'))).toEqual([HOME_ROUTE, 'a', 'b', 'c']);
  });
});

describe('replaceTab', () => {
  it('puts the new page in the tab of the page it replaces, in its place', () => {
    const tabs = replaceTab(opened('list', 'add', 'other'), 'add', fake('detail'), '/detail?id=7');
    expect(names(tabs)).toEqual([HOME_ROUTE, 'list', 'detail', 'other']);
    expect(tabs[2]).toMatchObject({ fullPath: '/detail?id=7', query: { id: '7' } });
  });

  it('drops the new page’s older tab, keeping one tab per route', () => {
    const tabs = replaceTab(opened('detail', 'list', 'add'), 'add', fake('detail'), '/detail?id=8');
    expect(names(tabs)).toEqual([HOME_ROUTE, 'list', 'detail']);
    expect(tabs[2]!.fullPath).toBe('/detail?id=8');
  });

  it('opens the page as usual when the replaced page has no tab, or is the same route', () => {
    expect(names(replaceTab(opened('list'), 'add', fake('detail'), '/detail'))).toEqual([
      HOME_ROUTE,
      'list',
      'detail',
    ]);
    const same = replaceTab(opened('list'), 'list', fake('list'), '/list?page=2');
    expect(names(same)).toEqual([HOME_ROUTE, 'list']);
    expect(same[1]!.fullPath).toBe('/list?page=2');
  });

  it('never replaces the workplace tab', () => {
    const tabs = replaceTab(opened('a'), HOME_ROUTE, fake('b'), '/b');
    expect(names(tabs)).toEqual([HOME_ROUTE, 'a', 'b']);
  });
});

describe('closeTabs', () => {
  const all = opened('a', 'b', 'c', 'd');
  const cases: [CloseAction, string, string[]][] = [
    ['close', 'b', [HOME_ROUTE, 'a', 'c', 'd']],
    ['left', 'c', [HOME_ROUTE, 'c', 'd']],
    ['right', 'b', [HOME_ROUTE, 'a', 'b']],
    ['others', 'c', [HOME_ROUTE, 'c']],
    ['all', 'c', [HOME_ROUTE]],
  ];

  it.each(cases)('%s on %s', (action, name, expected) => {
    expect(names(closeTabs(all, name, action))).toEqual(expected);
  });

  it.each<CloseAction>(['close', 'left', 'right', 'others', 'all'])(
    'never removes the workplace tab (%s on the workplace)',
    (action) => {
      expect(closeTabs(all, HOME_ROUTE, action)[0]!.name).toBe(HOME_ROUTE);
    },
  );

  it('closing the workplace closes nothing', () => {
    expect(names(closeTabs(all, HOME_ROUTE, 'close'))).toEqual(names(all));
  });

  it('left/right of an unknown tab close nothing', () => {
    expect(names(closeTabs(all, 'zzz', 'left'))).toEqual(names(all));
    expect(names(closeTabs(all, 'zzz', 'right'))).toEqual(names(all));
  });
});

describe('nextActive', () => {
  const before = opened('a', 'b', 'c', 'd');

  it('stays (undefined) when the active tab survived', () => {
    expect(nextActive(before, closeTabs(before, 'b', 'close'), 'c')).toBeUndefined();
  });

  it('goes to the left neighbour of a closed active tab', () => {
    expect(nextActive(before, closeTabs(before, 'c', 'close'), 'c')?.name).toBe('b');
  });

  it('skips neighbours that were closed too', () => {
    const after = before.filter((t) => !['b', 'c'].includes(t.name));
    expect(nextActive(before, after, 'c')?.name).toBe('a');
  });

  it('falls back to the workplace when everything else went', () => {
    expect(nextActive(before, closeTabs(before, 'c', 'all'), 'c')?.name).toBe(HOME_ROUTE);
  });

  it('takes the last tab when the active one was unknown', () => {
    const after = closeTabs(before, 'a', 'close');
    expect(nextActive(before, after, 'zzz')?.name).toBe('d');
  });
});
