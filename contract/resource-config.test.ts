import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { knowledge, labels, parse, type Input } from './declaration/test-fixtures';
import { RESOURCE_NAME_RE } from './resource';
import {
  DECLARATION_RESERVED_NAMES,
  NON_RESOURCE_NAMESPACES,
  RESOURCE_SCHEMA_JSON,
  resourceConfigSchema,
} from './resource-config';
import { RESOURCES } from './resources';

/** The paths of the issues parsing a file with this one declaration raises. */
function pathsOf(decl: Input): (string | number)[][] {
  const result = resourceConfigSchema.safeParse({ resources: [decl] });
  expect(result.success, 'should fail').toBe(false);
  return (result.error?.issues ?? []).map((i) => i.path as (string | number)[]);
}

/** knowledge() with field `index` changed (undefined values delete keys). */
function withField(index: number, change: Input): Input {
  const decl = knowledge();
  const field: Input = { ...decl.fields[index], ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete field[k];
  decl.fields[index] = field;
  return decl;
}

const field = (i: number, ...keys: (string | number)[]) => ['resources', 0, 'fields', i, ...keys];

describe('the declaration schema', () => {
  it('parses the worked example, filling in the defaults', () => {
    const config = resourceConfigSchema.parse({ resources: [knowledge()] });
    const [decl] = config.resources;
    expect(decl?.enabled).toBe(true);
    expect(decl?.source).toEqual({ kind: 'database' });
    expect(decl?.fields[2]?.reference).toEqual({ resource: 'prompt', key: 'id', label: 'title' });
  });

  it('parses a declaration written as plain JSON, and a REST source', () => {
    const issue = {
      resources: [
        {
          name: 'knowledge',
          labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
          permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
          fields: [
            {
              name: 'title',
              type: 'string',
              required: true,
              list: true,
              search: true,
              labels: { 'zh-CN': '标题', 'en-US': 'Title' },
            },
          ],
        },
      ],
    };
    expect(resourceConfigSchema.safeParse(issue).success).toBe(true);
    const rest = {
      ...knowledge(),
      source: {
        kind: 'rest',
        url: 'https://kb.example.com/api',
        headers: { 'X-Tenant': 'acme' },
        timeoutMs: 5000,
      },
      enabled: false,
      prefix: 'kb/article',
      menu: { order: 6, icon: 'BookOutlined' },
      defaultSort: { field: 'views', order: 'desc' },
    };
    expect(parse(rest).source).toMatchObject({ kind: 'rest', timeoutMs: 5000 });
  });

  const resource = (...keys: (string | number)[]) => ['resources', 0, ...keys];
  const cases: [string, Input, (string | number)[]][] = [
    ['an unknown resource key', { ...knowledge(), colour: 'red' }, resource()],
    ['an unknown field key', withField(0, { width: 3 }), field(0)],
    [
      'a resource name that is not kebab-case',
      { ...knowledge(), name: 'Knowledge' },
      resource('name'),
    ],
    ['a one-letter resource name', { ...knowledge(), name: 'k' }, resource('name')],
    ['a reserved resource name', { ...knowledge(), name: 'dashboard' }, resource('name')],
    ['a console namespace as name', { ...knowledge(), name: 'common' }, resource('name')],
    ['a reserved prefix segment', { ...knowledge(), prefix: 'user/kb' }, resource('prefix')],
    [
      'a label missing a locale',
      { ...knowledge(), labels: { 'zh-CN': '知识库' } },
      resource('labels', 'en-US'),
    ],
    [
      'a label over 60 characters',
      withField(0, { labels: labels('标题', 'x'.repeat(61)) }),
      field(0, 'labels', 'en-US'),
    ],
    ['a field name that is not camelCase', withField(0, { name: 'Title' }), field(0, 'name')],
    ['a system field name', withField(0, { name: 'createdAt' }), field(0, 'name')],
    ['the soft-delete column name', withField(0, { name: 'isDel' }), field(0, 'name')],
    ['the scope key', withField(0, { name: 'scope' }), field(0, 'name')],
    ['an unknown field type', withField(0, { type: 'secret' }), field(0, 'type')],
    ['an unknown filter kind', withField(0, { filter: 'like' }), field(0, 'filter')],
    ['a duplicate field name', withField(3, { name: 'title' }), field(3, 'name')],
    [
      'an enum without options',
      withField(1, { options: undefined, default: undefined }),
      field(1, 'options'),
    ],
    [
      'an enum with no options',
      withField(1, { options: [], default: undefined }),
      field(1, 'options'),
    ],
    [
      'options on a non-enum',
      withField(0, { options: [{ value: 'a', labels: labels('甲', 'A') }] }),
      field(0, 'options'),
    ],
    [
      'a duplicate option value',
      withField(1, {
        options: [
          { value: 'a', labels: labels('甲', 'A') },
          { value: 'a', labels: labels('乙', 'B') },
        ],
        default: undefined,
      }),
      field(1, 'options', 1, 'value'),
    ],
    [
      'options mixing strings and numbers',
      withField(1, {
        options: [
          { value: 'a', labels: labels('甲', 'A') },
          { value: 1, labels: labels('乙', 'B') },
        ],
        default: undefined,
      }),
      field(1, 'options', 1, 'value'),
    ],
    [
      'an option value with a dot',
      withField(1, { options: [{ value: 'a.b', labels: labels('甲', 'A') }], default: undefined }),
      field(1, 'options', 0, 'value'),
    ],
    [
      'a reference without its target',
      withField(2, { reference: undefined }),
      field(2, 'reference'),
    ],
    [
      'a target on a non-reference',
      withField(0, { reference: { resource: 'prompt', label: 'title' } }),
      field(0, 'reference'),
    ],
    [
      'a reference to its own resource',
      withField(2, { reference: { resource: 'knowledge', label: 'title' } }),
      field(2, 'reference', 'resource'),
    ],
    [
      'a reference whose label clashes with a field',
      withField(3, { name: 'templateLabel' }),
      field(2, 'name'),
    ],
    ['sortable tags', withField(3, { type: 'tags', min: undefined }), field(3, 'sortable')],
    ['sortable json', withField(3, { type: 'json', min: undefined }), field(3, 'sortable')],
    ['a contains filter on an integer', withField(3, { filter: 'contains' }), field(3, 'filter')],
    ['a range filter on a string', withField(0, { filter: 'range' }), field(0, 'filter')],
    ['min greater than max', withField(3, { min: 10, max: 5 }), field(3, 'min')],
    ['bounds on a boolean', withField(3, { type: 'boolean', sortable: false }), field(3, 'min')],
    ['a fractional length', withField(0, { max: 2.5 }), field(0, 'max')],
    ['no fields', { ...knowledge(), fields: [] }, resource('fields')],
    ['no permissions', { ...knowledge(), permissions: {} }, resource('permissions')],
    [
      'only empty permissions',
      { ...knowledge(), permissions: { user: [], admin: [] } },
      resource('permissions'),
    ],
    [
      'an unknown role',
      { ...knowledge(), permissions: { guest: ['list'] } },
      resource('permissions'),
    ],
    [
      'an action listed twice',
      { ...knowledge(), permissions: { user: ['list', 'list'] } },
      resource('permissions', 'user'),
    ],
    [
      'a list time listed twice',
      { ...knowledge(), listTimes: ['updatedAt', 'updatedAt'] },
      resource('listTimes'),
    ],
    [
      'a list time that is not a system time',
      { ...knowledge(), listTimes: ['publishedAt'] },
      resource('listTimes', 0),
    ],
    [
      'an enum default not among options',
      withField(1, { default: 'archived' }),
      field(1, 'default'),
    ],
    ['an integer default with a fraction', withField(3, { default: 1.5 }), field(3, 'default')],
    ['an integer default below min', withField(3, { default: -1 }), field(3, 'default')],
    ['a string default over max', withField(0, { max: 3, default: 'long' }), field(0, 'default')],
    [
      'a boolean default that is a string',
      withField(3, { type: 'boolean', min: undefined, sortable: false, default: 'yes' }),
      field(3, 'default'),
    ],
    [
      'a null default on a non-nullable field',
      withField(0, { default: null }),
      field(0, 'default'),
    ],
    [
      'a default on a datetime',
      withField(3, { type: 'datetime', min: undefined, default: '2024-01-01T00:00:00Z' }),
      field(3, 'default'),
    ],
    ['a default on a reference', withField(2, { default: 1 }), field(2, 'default')],
    [
      'a default sort on an unknown field',
      { ...knowledge(), defaultSort: { field: 'rank', order: 'asc' } },
      resource('defaultSort', 'field'),
    ],
    [
      'an unknown source kind',
      { ...knowledge(), source: { kind: 'ftp' } },
      resource('source', 'kind'),
    ],
    [
      'a REST source without a url',
      { ...knowledge(), source: { kind: 'rest' } },
      resource('source', 'url'),
    ],
    [
      'a REST source with a bad url',
      { ...knowledge(), source: { kind: 'rest', url: 'ftp://x' } },
      resource('source', 'url'),
    ],
    [
      'a header value with a line break',
      {
        ...knowledge(),
        source: { kind: 'rest', url: 'https://x.example', headers: { 'X-A': 'a\r\nHost: evil' } },
      },
      resource('source', 'headers', 'X-A'),
    ],
    [
      'an unknown key in a database source',
      { ...knowledge(), source: { kind: 'database', url: 'x' } },
      resource('source'),
    ],
    [
      'a menu order out of range',
      { ...knowledge(), menu: { order: 100 } },
      resource('menu', 'order'),
    ],
    [
      'an icon that is no component name',
      { ...knowledge(), menu: { icon: 'book' } },
      resource('menu', 'icon'),
    ],
  ];

  it.each(cases)('refuses %s, at that path only', (_what, decl, path) => {
    expect([...new Set(pathsOf(decl).map((p) => JSON.stringify(p)))]).toEqual([
      JSON.stringify(path),
    ]);
  });

  it('accepts a nullable field defaulting to null and numeric enum options', () => {
    const decl = withField(1, {
      options: [
        { value: 1, labels: labels('启用', 'On') },
        { value: 0, labels: labels('停用', 'Off') },
      ],
      default: 1,
    });
    expect(() => parse(decl)).not.toThrow();
    expect(() =>
      parse(withField(0, { required: false, nullable: true, default: null })),
    ).not.toThrow();
  });
});

describe('the JSON Schema', () => {
  it('is an object schema with the resources array, and is plain JSON', () => {
    expect(RESOURCE_SCHEMA_JSON.type).toBe('object');
    const resources = RESOURCE_SCHEMA_JSON.properties?.resources;
    expect(resources).toMatchObject({ type: 'array' });
    expect(JSON.parse(JSON.stringify(RESOURCE_SCHEMA_JSON))).toEqual(RESOURCE_SCHEMA_JSON);
  });

  it('leaves defaulted keys optional, as an admin writes them', () => {
    const json = JSON.stringify(RESOURCE_SCHEMA_JSON);
    expect(json).toContain('"required":["name","labels","permissions","fields"]');
  });
});

describe('reserved names', () => {
  it("keep every non-resource locale namespace from being a resource's name", () => {
    const dir = fileURLToPath(new URL('../src/locales/en-US', import.meta.url));
    const namespaces = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
    const resources = new Set(RESOURCES.map((r) => r.name));
    for (const ns of namespaces) {
      if (resources.has(ns) || !RESOURCE_NAME_RE.test(ns)) continue;
      expect(DECLARATION_RESERVED_NAMES, ns).toContain(ns);
    }
    // And the list names no namespace that has gone.
    for (const ns of NON_RESOURCE_NAMESPACES) expect(namespaces, ns).toContain(ns);
  });
});
