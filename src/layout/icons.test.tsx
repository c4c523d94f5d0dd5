import { describe, expect, it } from 'vitest';
import { flattenRoutes, routesFor } from '../../contract/menu';
import { hasIcon } from './icons';

describe('menu icons', () => {
  it('every icon a declaration names is one the console bundles (no silent fallback)', () => {
    const named = [...routesFor(), ...flattenRoutes(routesFor())]
      .map((n) => n.icon)
      .filter((i): i is string => !!i);
    expect(named.filter((i) => !hasIcon(i))).toEqual([]);
  });
});
