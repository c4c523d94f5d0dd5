import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteChange } from './route-listener';

type Module = typeof import('./route-listener');
let m: Module;

// Each test gets a fresh module: the listener keeps the last route in module state.
beforeEach(async () => {
  vi.resetModules();
  m = await import('./route-listener');
});

const change = (path: string, search = ''): RouteChange => ({
  name: path.slice(1).replaceAll('/', '.') || null,
  path,
  search,
  fullPath: `${path}${search}`,
});

describe('route listener (spec §4)', () => {
  it('does not call a new subscriber before any route was emitted', () => {
    const listener = vi.fn();
    m.listenRouteChange(listener);
    expect(listener).not.toHaveBeenCalled();
    expect(m.lastRoute()).toBeNull();
  });

  it('delivers the last route at once to a new subscriber', () => {
    m.emitRouteChange(change('/scene/list'));
    m.emitRouteChange(change('/scene/detail', '?id=1'));
    const listener = vi.fn();
    m.listenRouteChange(listener);
    expect(listener).toHaveBeenCalledExactlyOnceWith(change('/scene/detail', '?id=1'));
  });

  it('can skip the immediate delivery', () => {
    m.emitRouteChange(change('/scene/list'));
    const listener = vi.fn();
    m.listenRouteChange(listener, false);
    expect(listener).not.toHaveBeenCalled();
    m.emitRouteChange(change('/prompt/list'));
    expect(listener).toHaveBeenCalledExactlyOnceWith(change('/prompt/list'));
  });

  it('delivers later changes to every subscriber until it unsubscribes', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = m.listenRouteChange(a);
    m.listenRouteChange(b);
    m.emitRouteChange(change('/a'));
    offA();
    m.emitRouteChange(change('/b'));
    expect(a.mock.calls.map(([r]) => r.path)).toEqual(['/a']);
    expect(b.mock.calls.map(([r]) => r.path)).toEqual(['/a', '/b']);
    expect(m.lastRoute()?.path).toBe('/b');
  });
});
