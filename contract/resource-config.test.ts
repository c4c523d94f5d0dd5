import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import agentEn from '../src/locales/en-US/agent.json';
import agentZh from '../src/locales/zh-CN/agent.json';
import { allFields, RESOURCE_NAME_RE, type ResourceDef } from './resource';
import {
  checkAgainstBuiltIns,
  DECLARATION_RESERVED_NAMES,
  localeTextsOf,
  NON_RESOURCE_NAMESPACES,
  RESOURCE_SCHEMA_JSON,
  resourceConfigSchema,
  resourceDeclarationSchema,
  toResourceDef,
  type ResourceDeclaration,
} from './resource-config';
import { createSchema, pageSchema, recordSchema } from './resource-schema';
import { RESOURCES } from './resources';

type Input = Record<string, unknown>;
const labels = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The issue's worked example, extended with one field of each interesting kind. */
function knowledge(): Input & { fields: Input[] } {
  return {
    name: 'knowledge',
    labels: labels('知识库', 'Knowledge base'),
    permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
    fields: [
      {
        name: 'title',
        type: 'string',
        required: true,
        list: true,
        search: true,
        labels: labels('标题', 'Title'),
      },
      {
        name: 'status',
        type: 'enum',
        options: [
          { value: 'draft', labels: labels('草稿', 'Draft') },
          { value: 'published', labels: labels('已发布', 'Published') },
        ],
        default: 'draft',
        filter: 'eq',
        labels: labels('状态', 'Status'),
      },
      {
        name: 'template',
        type: 'reference',
        reference: { resource: 'prompt', label: 'title' },
        nullable: true,
        labels: labels('模板', 'Template'),
      },
      { name: 'views', type: 'integer', min: 0, sortable: true, labels: labels('浏览', 'Views') },
    ],
  };
}

const parse = (decl: Input): ResourceDeclaration => resourceDeclarationSchema.parse(decl);

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

  it('parses the issue text verbatim, and a REST source', () => {
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

describe('checkAgainstBuiltIns', () => {
  const at = (i: number, ...keys: (string | number)[]) => ['resources', i, ...keys];
  const check = (...decls: Input[]) => checkAgainstBuiltIns(decls.map(parse), RESOURCES);
  const pathsOfCheck = (...decls: Input[]) => check(...decls).map((i) => i.path);

  it('finds nothing wrong with the worked example', () => {
    expect(check(knowledge())).toEqual([]);
  });

  it("reports a built-in's name, prefix, table and menu group", () => {
    expect(pathsOfCheck({ ...knowledge(), name: 'agent' })).toEqual([at(0, 'name')]);
    expect(pathsOfCheck({ ...knowledge(), prefix: 'corpus/item' })).toEqual([at(0, 'prefix')]);
    // Below a built-in's prefix, its own calls (scene/statistics…) could be shadowed.
    expect(pathsOfCheck({ ...knowledge(), prefix: 'scene/extra' })).toEqual([at(0, 'prefix')]);
    // The agent resource's table is `agents`.
    expect(pathsOfCheck({ ...knowledge(), name: 'agents' })).toEqual([at(0, 'name')]);
    // The name is also the default prefix, below which model-evaluate/result sits.
    expect(pathsOfCheck({ ...knowledge(), name: 'model-evaluate' })).toEqual([at(0, 'name')]);
    // Prefixes overlap by whole segments only.
    expect(pathsOfCheck({ ...knowledge(), name: 'scenery' })).toEqual([]);
    expect(pathsOfCheck({ ...knowledge(), menu: { group: 'corpus' } })).toEqual([
      at(0, 'menu', 'group'),
    ]);
    expect(check({ ...knowledge(), name: 'agent' })[0]?.message).toMatch(/built-in/);
  });

  it('reports clashes between declarations on the later one', () => {
    const other = { ...knowledge(), labels: labels('别的', 'Other') };
    expect(pathsOfCheck(knowledge(), other)).toEqual([at(1, 'name')]);
    expect(pathsOfCheck(knowledge(), { ...other, name: 'kb', prefix: 'knowledge/x' })).toEqual([
      at(1, 'prefix'),
    ]);
    expect(
      pathsOfCheck(knowledge(), { ...other, name: 'kb', menu: { group: 'knowledge' } }),
    ).toEqual([at(1, 'menu', 'group')]);
    expect(
      pathsOfCheck({ ...knowledge(), menu: { group: 'kb' } }, { ...other, name: 'kb' }),
    ).toEqual([at(1, 'name')]);
  });

  it('resolves references to built-ins and to other declarations', () => {
    const ref = (reference: Input) => ({
      ...knowledge(),
      name: 'article',
      fields: [
        { name: 'title', type: 'string', labels: labels('标题', 'Title') },
        { name: 'kb', type: 'reference', reference, labels: labels('知识库', 'Knowledge base') },
      ],
    });
    const refAt = (key: string) => at(1, 'fields', 1, 'reference', key);
    expect(check(knowledge(), ref({ resource: 'knowledge', label: 'title' }))).toEqual([]);
    expect(
      check(knowledge(), ref({ resource: 'scene', key: 'sceneCode', label: 'sceneName' })),
    ).toEqual([]);
    expect(pathsOfCheck(knowledge(), ref({ resource: 'wiki-page', label: 'title' }))).toEqual([
      refAt('resource'),
    ]);
    expect(
      pathsOfCheck(knowledge(), ref({ resource: 'knowledge', key: 'title', label: 'title' })),
    ).toEqual([refAt('key')]);
    // A unique integer is no key: non-id keys are stored as strings.
    const numbered = { ...knowledge(), fields: [...knowledge().fields] };
    numbered.fields[3] = { ...numbered.fields[3], unique: true };
    expect(
      pathsOfCheck(numbered, ref({ resource: 'knowledge', key: 'views', label: 'title' })),
    ).toEqual([refAt('key')]);
    expect(pathsOfCheck(knowledge(), ref({ resource: 'knowledge', label: 'body' }))).toEqual([
      refAt('label'),
    ]);
    // A derived label (record's sceneName) is no column of the target to join on.
    expect(pathsOfCheck(knowledge(), ref({ resource: 'record', label: 'sceneName' }))).toEqual([
      refAt('label'),
    ]);
    expect(
      pathsOfCheck(
        { ...knowledge(), enabled: false },
        ref({ resource: 'knowledge', label: 'title' }),
      ),
    ).toEqual([refAt('resource')]);
  });
});

describe('toResourceDef', () => {
  it('maps the declaration onto a ResourceDef the machinery accepts', () => {
    const def = toResourceDef(parse(knowledge()));
    expect(def).toMatchObject({
      name: 'knowledge',
      prefix: 'knowledge',
      titleField: 'title',
      permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
      defaultSort: { field: 'createdAt', order: 'desc' },
      menu: {},
    });
    expect(def.views).toBeUndefined();
    expect(def.softDelete).toBeUndefined();
    const byName = new Map(def.fields.map((f) => [f.name, f]));
    expect(byName.get('status')).toMatchObject({
      options: ['draft', 'published'],
      default: 'draft',
    });
    expect(byName.get('template')?.reference).toEqual({
      resource: 'prompt',
      key: 'id',
      label: 'title',
      as: 'templateLabel',
    });
    expect(byName.get('title')).toEqual({
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      search: true,
    });
    expect(allFields(def).map((f) => f.name)).toContain('templateLabel');
    // The generic schemas build from it.
    expect(createSchema(def).safeParse({ title: 'Hi', template: 3 }).success).toBe(true);
    expect(() => pageSchema(def)).not.toThrow();
    expect(() => recordSchema(def)).not.toThrow();
  });

  it('keeps a declared prefix, menu and default sort', () => {
    const def = toResourceDef(
      parse({
        ...knowledge(),
        prefix: 'kb/article',
        menu: { group: 'kb', order: 6, icon: 'BookOutlined' },
        defaultSort: { field: 'views', order: 'asc' },
      }),
    );
    expect(def).toMatchObject({
      prefix: 'kb/article',
      menu: { group: 'kb', order: 6, icon: 'BookOutlined' },
      defaultSort: { field: 'views', order: 'asc' },
    });
  });

  it('lists the declared system times as columns beside the default sort', () => {
    const listed = (decl: Input) =>
      allFields(toResourceDef(parse(decl)))
        .filter((f) => f.list && (f.name === 'createdAt' || f.name === 'updatedAt'))
        .map((f) => f.name);
    expect(listed(knowledge())).toEqual(['createdAt']);
    expect(listed({ ...knowledge(), listTimes: ['updatedAt'] })).toEqual([
      'createdAt',
      'updatedAt',
    ]);
    expect(toResourceDef(parse(knowledge())).listTimes).toBeUndefined();
  });

  it('titles by the first required string, else the first string, else nothing', () => {
    const titleOf = (fields: Input[]): ResourceDef['titleField'] =>
      toResourceDef(parse({ ...knowledge(), fields })).titleField;
    const str = (name: string, extra: Input = {}) => ({
      name,
      type: 'string',
      labels: labels(name, name),
      ...extra,
    });
    expect(titleOf([str('a'), str('b', { required: true })])).toBe('b');
    expect(titleOf([{ ...str('n'), type: 'text' }, str('a'), str('b')])).toBe('a');
    expect(titleOf([{ ...str('n'), type: 'integer' }])).toBeUndefined();
  });
});

describe('localeTextsOf', () => {
  const texts = localeTextsOf(parse(knowledge()));
  const keysOf = (o: object, at = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keysOf(v as object, `${at}${k}.`) : [`${at}${k}`],
    );

  it('gives both locales the same keys', () => {
    expect(keysOf(texts['zh-CN']).sort()).toEqual(keysOf(texts['en-US']).sort());
  });

  it('words menus and titles from the label', () => {
    expect(texts['zh-CN'].menu).toEqual({
      title: '知识库',
      list: '知识库列表',
      detail: '知识库详情',
    });
    expect(texts['en-US'].menu).toEqual({
      title: 'Knowledge base',
      list: 'Knowledge base',
      detail: 'Knowledge base detail',
    });
    expect(texts['zh-CN'].titles).toEqual({
      list: '知识库列表',
      show: '知识库详情',
      create: '新建知识库',
      edit: '编辑知识库',
    });
    expect(texts['en-US'].titles).toEqual({
      list: 'Knowledge base',
      show: 'Knowledge base detail',
      create: 'Create Knowledge base',
      edit: 'Edit Knowledge base',
    });
  });

  it('labels system fields as agent.json does, and every declared and label field', () => {
    for (const name of ['id', 'version', 'createdAt', 'updatedAt'] as const) {
      expect(texts['en-US'].fields[name]).toBe(agentEn.fields[name]);
      expect(texts['zh-CN'].fields[name]).toBe(agentZh.fields[name]);
    }
    const def = toResourceDef(parse(knowledge()));
    expect(Object.keys(texts['en-US'].fields).sort()).toEqual(
      allFields(def)
        .map((f) => f.name)
        .sort(),
    );
    expect(texts['en-US'].fields.templateLabel).toBe('Template');
    expect(texts['zh-CN'].enums).toEqual({ status: { draft: '草稿', published: '已发布' } });
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
