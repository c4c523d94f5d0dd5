import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locale';
import { CORE_NAMESPACES, coreMessages } from './core';
import { localeMessages } from './index';
import { restMessages } from './rest';

describe('locale split (core at start, rest after login)', () => {
  it.each(LOCALES)('%s: core and rest are disjoint and together are every namespace', (locale) => {
    const core = Object.keys(coreMessages[locale]).sort();
    const rest = Object.keys(restMessages[locale]);
    expect(core).toEqual([...CORE_NAMESPACES].sort());
    expect(rest.filter((ns) => core.includes(ns))).toEqual([]);
    expect([...core, ...rest].sort()).toEqual(Object.keys(localeMessages[locale]).sort());
  });
});
