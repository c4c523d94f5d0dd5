import { describe, expect, it } from 'vitest';
import { routesFor, type RouteNode } from '../../contract/menu';
import { allFields } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { localeMessages } from '.';

type Tree = { [key: string]: unknown };

/** 'a.b.c' → value, for every leaf of a nested locale object. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      flatten(v as Tree, key).forEach((leaf, leafKey) => out.set(leafKey, leaf));
    } else {
      out.set(key, v);
    }
  }
  return out;
}

const LOCALES = {
  'zh-CN': flatten(localeMessages['zh-CN']),
  'en-US': flatten(localeMessages['en-US']),
} as const;

/** Namespace files per locale directory, e.g. { 'zh-CN': ['agent', 'app', …] }. */
function namespaceFiles(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const path of Object.keys(import.meta.glob('./*/*.json'))) {
    const [, locale = '', file = ''] = path.split('/');
    (out[locale] ??= []).push(file.replace(/\.json$/, ''));
  }
  for (const files of Object.values(out)) files.sort();
  return out;
}

function variables(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

function missingIn(keys: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [locale, flat] of Object.entries(LOCALES)) {
    const missing = keys.filter((k) => !flat.has(k));
    if (missing.length) out[locale] = missing;
  }
  return out;
}

describe('locale files', () => {
  it('zh-CN and en-US have the same namespace files', () => {
    const files = namespaceFiles();
    expect(Object.keys(files).sort()).toEqual(['en-US', 'zh-CN']);
    expect(files['zh-CN']!.length).toBeGreaterThan(10);
    expect(files['en-US']).toEqual(files['zh-CN']);
  });

  it('each namespace file holds an object', () => {
    const bad: string[] = [];
    for (const [locale, messages] of Object.entries(localeMessages)) {
      for (const [ns, tree] of Object.entries(messages)) {
        if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
          bad.push(`${locale}/${ns}.json`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('zh-CN and en-US have the same keys', () => {
    const zh = [...LOCALES['zh-CN'].keys()].sort();
    const en = [...LOCALES['en-US'].keys()].sort();
    expect({
      onlyInZh: zh.filter((k) => !LOCALES['en-US'].has(k)),
      onlyInEn: en.filter((k) => !LOCALES['zh-CN'].has(k)),
    }).toEqual({ onlyInZh: [], onlyInEn: [] });
  });

  it('every value is a non-empty string', () => {
    const bad: string[] = [];
    for (const [locale, flat] of Object.entries(LOCALES)) {
      flat.forEach((v, k) => {
        if (typeof v !== 'string' || v.trim() === '') bad.push(`${locale}:${k}`);
      });
    }
    expect(bad).toEqual([]);
  });

  it('each key uses the same {{variables}} in both locales', () => {
    const differ: string[] = [];
    LOCALES['zh-CN'].forEach((zh, k) => {
      const a = variables(zh).join(',');
      const b = variables(LOCALES['en-US'].get(k)).join(',');
      if (a !== b) differ.push(`${k}: zh {${a}} en {${b}}`);
    });
    expect(differ).toEqual([]);
  });
});

describe('keys the app looks up', () => {
  it('every route label of the route tree exists in both locales', () => {
    const keys: string[] = [];
    const walk = (nodes: readonly RouteNode[]) =>
      nodes.forEach((n) => {
        keys.push(n.locale);
        if (n.children) walk(n.children);
      });
    walk(routesFor());
    expect(keys.length).toBeGreaterThan(3);
    expect(missingIn(keys)).toEqual({});
  });

  it.each(RESOURCES.map((r) => [r.name, r] as const))(
    'resource %s has titles, field labels and enum labels',
    (name, def) => {
      const keys = ['list', 'show', 'create', 'edit'].map((v) => `${name}.titles.${v}`);
      for (const f of allFields(def)) {
        keys.push(`${name}.fields.${f.name}`);
        if (f.type === 'enum') {
          for (const o of f.options ?? []) keys.push(`${name}.enums.${f.name}.${String(o)}`);
        }
      }
      expect(missingIn(keys)).toEqual({});
    },
  );
});
