import { z } from 'zod';
import type { Locale } from './locale';
import { message, type MessageKey } from './messages';
import {
  ACTIONS,
  allFields,
  defineResource,
  groupOf,
  RESERVED_NAMES,
  RESOURCE_NAME_RE,
  snakeCase,
  SYSTEM_FIELDS,
  tableNameOf,
  type FieldDef,
  type FieldType,
  type FilterKind,
  type ResourceDef,
  type Role,
  type SystemFieldName,
} from './resource';
import { urlString, valueSchema, visibleString } from './resource-schema';

/**
 * Resources an admin declares as data (issue 11): a JSON/YAML file or a page produces
 * `{ resources: [...] }`. This module is the declaration's contract: its zod schema (and the JSON
 * Schema published from it), the checks that need the other resources, and the mapping onto
 * the machinery's own ResourceDef and locale namespace, so a declared resource is served by the
 * same generic code as the built-in ones.
 */

type Params = Record<string, string | number>;

/**
 * One problem with a declaration: a zod issue's path and message, plus its message key and
 * parameters so a caller can word it in any locale. `message` is the en-US wording of the key.
 */
export interface ConfigIssue {
  readonly path: (string | number)[];
  readonly key: MessageKey;
  readonly params?: Params;
  readonly message: string;
}

function configIssue(path: (string | number)[], key: MessageKey, params?: Params): ConfigIssue {
  return { path, key, ...(params ? { params } : {}), message: message('en-US', key, params) };
}

/**
 * A refinement's options: an English message, and the key and parameters in `params`, which is
 * where server/http/issues.ts (and the admin page) read a custom issue's key to translate it.
 * No parameter may be called `key`.
 */
function problem(key: MessageKey, params?: Params): { message: string; params: Params } {
  return { message: message('en-US', key, params), params: { key, ...params } };
}

/**
 * A string matching `re`, refused with a custom issue naming `key` rather than zod's generic
 * "invalid string" (whose text cannot be translated by key). The pattern is kept as metadata so
 * the JSON Schema still publishes it, as `.regex` did.
 */
function matching(re: RegExp, key: MessageKey) {
  return z
    .string()
    .refine((s) => re.test(s), problem(key))
    .meta({ pattern: re.source });
}

/** The field types a declaration may use: every machinery type but `secret` (no UI for keys). */
export const DECLARED_FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'number',
  'enum',
  'boolean',
  'datetime',
  'json',
  'tags',
  'url',
  'reference',
] as const satisfies readonly FieldType[];
export type DeclaredFieldType = (typeof DECLARED_FIELD_TYPES)[number];

// A Record over FilterKind makes the compiler insist this lists exactly resource.ts's kinds.
const FILTER_KIND_SET: Record<FilterKind, true> = { eq: true, contains: true, range: true };
const FILTER_KINDS = Object.keys(FILTER_KIND_SET) as [FilterKind, ...FilterKind[]];

/** A field name: a camelCase identifier (it is a JSON key, a column and an i18n key). */
export const FIELD_NAME_RE = /^[a-z][A-Za-z0-9]{0,39}$/;

/** Field names the storage owns: the system columns, the soft-delete flag and the scope key. */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  ...SYSTEM_FIELDS.map((f) => f.name),
  'isDel',
  'scope',
];

/**
 * Locale namespaces of src/locales that belong to no resource. A resource's name is its i18n
 * namespace, so a declaration named like one of these would overwrite the console's own texts
 * (a test keeps this list in step with the locale files).
 */
export const NON_RESOURCE_NAMESPACES: readonly string[] = [
  'app',
  'buttons',
  'common',
  'debug',
  'form',
  'http',
  'locale',
  'login',
  'menu',
  'model-version',
  'navbar',
  'notifications',
  'pages',
  'roles',
  'samples',
  'settings',
  'statistics',
  'table',
  'user',
  'window',
  'workplace',
];

/** Names a declared resource (or its menu group) may not take. */
export const DECLARATION_RESERVED_NAMES: readonly string[] = [
  ...new Set([...RESERVED_NAMES, ...NON_RESOURCE_NAMESPACES]),
];

/**
 * An enum option's value is also an i18n key (`enums.<field>.<value>`), so a string value may not
 * hold i18next's separators ('.' and ':'); a number value is stored as smallint.
 */
const OPTION_VALUE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const SMALLINT = { min: -32_768, max: 32_767 } as const;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
/** numeric(18, 6) holds 12 integer digits. */
const DECIMAL_LIMIT = 999_999_999_999;
/** Length bounds beyond this are a mistake, not a requirement (text columns hold any length). */
const LENGTH_LIMIT = 100_000;

/** An endpoint prefix: one to three kebab-case segments, e.g. 'knowledge' or 'kb/article'. */
const PREFIX_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\/[a-z][a-z0-9]*(-[a-z0-9]+)*){0,2}$/;
/** An antd icon component name, e.g. 'BookOutlined' (src/layout/icons.tsx maps the names). */
const ICON_RE = /^[A-Z][A-Za-z0-9]{0,63}$/;
/** An HTTP header name (RFC 9110 token) and a value that cannot smuggle a second header. */
const HEADER_NAME_RE = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const HEADER_VALUE_RE = /^[^\r\n\0]{0,4096}$/;

const labelText = visibleString().trim().min(1).max(60);
/** A text in both UI locales; neither may be missing, since there is no one to translate it. */
export const labelsSchema = z.strictObject({
  'zh-CN': labelText,
  'en-US': labelText,
} satisfies Record<Locale, z.ZodType>);

const kebabName = matching(RESOURCE_NAME_RE, 'declKebabCase').min(2).max(40);
const resourceName = kebabName.refine(
  (n) => !DECLARATION_RESERVED_NAMES.includes(n),
  problem('declReservedName'),
);
const identifier = matching(FIELD_NAME_RE, 'declCamelCase');
const fieldName = identifier.refine(
  (n) => !RESERVED_FIELD_NAMES.includes(n),
  problem('declReservedFieldName'),
);

const optionSchema = z.strictObject({
  value: z.union([
    matching(OPTION_VALUE_RE, 'declOptionValue'),
    z.number().int().min(SMALLINT.min).max(SMALLINT.max),
  ]),
  labels: labelsSchema,
});

const referenceSchema = z.strictObject({
  resource: kebabName.describe('A built-in resource or another declaration.'),
  key: identifier.default('id').describe("The target's id or another unique string field."),
  label: identifier.describe('The target field shown beside the key.'),
});

const fieldSchema = z.strictObject({
  name: fieldName,
  type: z.enum(DECLARED_FIELD_TYPES),
  labels: labelsSchema,
  required: z.boolean().optional(),
  nullable: z.boolean().optional(),
  list: z.boolean().optional(),
  sortable: z.boolean().optional(),
  filter: z.enum(FILTER_KINDS).optional(),
  search: z.boolean().optional(),
  unique: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.union([z.string().max(LENGTH_LIMIT), z.number(), z.boolean(), z.null()]).optional(),
  options: z.array(optionSchema).min(1).max(100).optional(),
  reference: referenceSchema.optional(),
});
export type DeclaredField = z.output<typeof fieldSchema>;

const actionsSchema = z
  .array(z.enum(ACTIONS))
  .refine((a) => new Set(a).size === a.length, problem('declActionTwice'));

const sourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('database') }),
  z.strictObject({
    kind: z.literal('rest'),
    url: urlString(),
    headers: z
      .record(
        matching(HEADER_NAME_RE, 'declHeaderName'),
        matching(HEADER_VALUE_RE, 'declHeaderValue'),
      )
      .refine((h) => Object.keys(h).length <= 20, problem('declTooManyHeaders'))
      .optional(),
    timeoutMs: z.number().int().min(100).max(60_000).optional(),
  }),
]);

const declarationObject = z.strictObject({
  name: resourceName,
  labels: labelsSchema,
  prefix: matching(PREFIX_RE, 'declPrefixFormat')
    .max(80)
    .refine((p) => !RESERVED_NAMES.includes(p.split('/')[0] ?? ''), problem('declReservedPrefix'))
    .describe('Endpoint prefix below the API prefix; defaults to the name.')
    .optional(),
  enabled: z.boolean().default(true),
  source: sourceSchema
    .default({ kind: 'database' })
    .describe('Where rows live: the console database, or a REST service.'),
  permissions: z.strictObject({
    admin: actionsSchema.optional(),
    user: actionsSchema.optional(),
  } satisfies Record<Role, z.ZodType>),
  fields: z.array(fieldSchema).min(1).max(100),
  menu: z
    .strictObject({
      group: resourceName
        .describe('Menu group (first path segment); defaults to the name.')
        .optional(),
      order: z.number().int().min(0).max(99).optional(),
      icon: matching(ICON_RE, 'declIconName').optional(),
    })
    .optional(),
  defaultSort: z.strictObject({ field: identifier, order: z.enum(['asc', 'desc']) }).optional(),
  listTimes: z
    .array(z.enum(['createdAt', 'updatedAt']))
    .refine((a) => new Set(a).size === a.length, problem('declTimeTwice'))
    .describe("System times shown as list columns after the title, beside the default sort's.")
    .optional(),
});
type DeclarationObject = z.output<typeof declarationObject>;

const LENGTH_TYPES: ReadonlySet<DeclaredFieldType> = new Set(['string', 'text', 'url']);
/** Types whose column takes no default (resource-table.ts returns their column before it). */
const NO_DEFAULT_TYPES: ReadonlySet<DeclaredFieldType> = new Set([
  'datetime',
  'json',
  'tags',
  'reference',
]);
const UNSORTABLE_TYPES: ReadonlySet<FieldType> = new Set(['json', 'tags']);
/** Which types each filter kind makes sense for (server/resources/query.ts applies them). */
const FILTER_TYPES: Record<FilterKind, ReadonlySet<DeclaredFieldType>> = {
  eq: new Set(DECLARED_FIELD_TYPES.filter((t) => t !== 'json')),
  contains: new Set(['string', 'text', 'url']),
  range: new Set(['integer', 'number', 'datetime']),
};

/** The name a reference's label is answered under, beside the key. */
export function referenceLabelName(fieldName: string): string {
  return `${fieldName}Label`;
}

/** The rules one declaration must keep that span several keys; paths are the declaration's. */
function declarationIssues(decl: DeclarationObject): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const add = (path: (string | number)[], key: MessageKey, params?: Params) =>
    issues.push(configIssue(path, key, params));

  const actions = Object.values(decl.permissions).reduce((n, a) => n + (a?.length ?? 0), 0);
  if (actions === 0) add(['permissions'], 'declNoActions');

  const seen = new Set<string>();
  decl.fields.forEach((f, i) => {
    const at = (...keys: (string | number)[]) => ['fields', i, ...keys];
    const before = issues.length;
    if (seen.has(f.name)) add(at('name'), 'declFieldTwice', { field: f.name });
    seen.add(f.name);

    if (f.type === 'enum' && !f.options) add(at('options'), 'declEnumNeedsOptions');
    if (f.type !== 'enum' && f.options) add(at('options'), 'declOptionsNotEnum');
    const values = new Set<string | number>();
    f.options?.forEach((o, j) => {
      if (values.has(o.value))
        add(at('options', j, 'value'), 'declOptionTwice', { value: o.value });
      values.add(o.value);
      // The column is smallint or varchar (resource-table.ts): one type for all options.
      if (typeof o.value !== typeof f.options?.[0]?.value) {
        add(at('options', j, 'value'), 'declOptionTypesMixed');
      }
    });

    if (f.type === 'reference' && !f.reference) add(at('reference'), 'declReferenceNeedsTarget');
    if (f.type !== 'reference' && f.reference) add(at('reference'), 'declReferenceNotReference');
    if (f.reference?.resource === decl.name) {
      add(at('reference', 'resource'), 'declSelfReference');
    }

    if (f.sortable && UNSORTABLE_TYPES.has(f.type)) {
      add(at('sortable'), 'declUnsortable', { type: f.type });
    }
    if (f.filter && !FILTER_TYPES[f.filter].has(f.type)) {
      add(at('filter'), 'declBadFilter', { type: f.type, filter: f.filter });
    }

    boundsIssues(f).forEach((b) => add(at(...b.path), b.key, b.params));
    // The default is checked against the field as declared, so only once the rest holds.
    if (issues.length === before) {
      const problem = defaultProblem(f, decl.name);
      if (problem) add(at('default'), problem.key, problem.params);
    }
  });

  // defineResource refuses a reference label that clashes with a field.
  decl.fields.forEach((f, i) => {
    if (f.type === 'reference' && seen.has(referenceLabelName(f.name))) {
      add(['fields', i, 'name'], 'declLabelClash', { label: referenceLabelName(f.name) });
    }
  });

  if (decl.defaultSort) {
    const name = decl.defaultSort.field;
    const field =
      SYSTEM_FIELDS.find((f) => f.name === name) ?? decl.fields.find((f) => f.name === name);
    if (!field) add(['defaultSort', 'field'], 'declNoSuchField', { field: name });
    else if (UNSORTABLE_TYPES.has(field.type)) {
      add(['defaultSort', 'field'], 'declUnsortable', { type: field.type });
    }
  }
  return issues;
}

function boundsIssues(f: DeclaredField): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const bound of ['min', 'max'] as const) {
    const v = f[bound];
    if (v === undefined) continue;
    const add = (key: MessageKey, params?: Params) =>
      issues.push(configIssue([bound], key, params));
    if (LENGTH_TYPES.has(f.type)) {
      if (!Number.isInteger(v) || v < 0 || v > LENGTH_LIMIT) {
        add('declLengthBound', { max: LENGTH_LIMIT });
      } else if (bound === 'max' && v < 1) {
        add('declMaxLengthZero');
      }
    } else if (f.type === 'integer') {
      if (!Number.isInteger(v) || v < INT32.min || v > INT32.max) add('declInt32');
    } else if (f.type === 'number') {
      if (Math.abs(v) > DECIMAL_LIMIT) add('declNumberBound', { limit: DECIMAL_LIMIT });
    } else {
      add('declBoundsNotApplicable');
    }
  }
  if (f.min !== undefined && f.max !== undefined && f.min > f.max) {
    issues.push(configIssue(['min'], 'declMinAboveMax', { min: f.min, max: f.max }));
  }
  return issues;
}

/** Why a field's default does not fit it (a key and its parameters), or undefined. */
function defaultProblem(
  f: DeclaredField,
  resource: string,
): { key: MessageKey; params?: Params } | undefined {
  const value = f.default;
  if (value === undefined) return undefined;
  if (value === null) return f.nullable ? undefined : { key: 'declNullDefault' };
  if (NO_DEFAULT_TYPES.has(f.type)) return { key: 'declNoDefault', params: { type: f.type } };
  // The machinery's own value schema: the default must be a value a create body could send.
  // (json fields never get here, so valueSchema's missing-shape error cannot occur.)
  const parsed = valueSchema(fieldDefOf(f), resource).safeParse(value);
  if (parsed.success && parsed.data === value) return undefined;
  const shown = JSON.stringify(value);
  return f.options
    ? {
        key: 'declDefaultNotOption',
        params: { value: shown, options: f.options.map((o) => JSON.stringify(o.value)).join(',') },
      }
    : { key: 'declDefaultMismatch', params: { value: shown, type: f.type } };
}

/** One admin-declared resource, as a file or a page sends it. */
export const resourceDeclarationSchema = declarationObject.superRefine((decl, ctx) => {
  for (const issue of declarationIssues(decl)) {
    ctx.addIssue({
      code: 'custom',
      path: issue.path,
      message: issue.message,
      params: { key: issue.key, ...issue.params },
    });
  }
});
export type ResourceDeclaration = z.output<typeof resourceDeclarationSchema>;
export type ResourceDeclarationInput = z.input<typeof resourceDeclarationSchema>;

/**
 * The declarations file. Checks that need the other resources (name clashes, references) are
 * checkAgainstBuiltIns's, since the built-in set is the server's to give.
 */
export const resourceConfigSchema = z.strictObject({
  // Editors validate a JSON or YAML file against the schema it names here.
  $schema: z.string().optional(),
  resources: z.array(resourceDeclarationSchema).max(200),
});
export type ResourceConfig = z.output<typeof resourceConfigSchema>;

/**
 * The file's JSON Schema, for OpenAPI and editors. Input side: keys with defaults (enabled,
 * source, reference.key) are optional, as an admin writes them. Refinements have no JSON Schema
 * form and are left out; zod applies them.
 */
export const RESOURCE_SCHEMA_JSON = z.toJSONSchema(resourceConfigSchema, { io: 'input' });

/** Whether two endpoint prefixes share a route: equal, or one is a path below the other. */
function prefixesOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

interface Target {
  readonly fields: readonly FieldDef[];
  readonly enabled: boolean;
}

/**
 * Clashes with the built-in resources and between declarations, and references to unknown
 * resources or fields. Paths start at the file (`["resources", i, ...]`); a clash is reported
 * on the later of two declarations, and once per path.
 */
export function checkAgainstBuiltIns(
  decls: readonly ResourceDeclaration[],
  builtIns: readonly ResourceDef[],
): ConfigIssue[] {
  const issues = new Map<string, ConfigIssue>();
  const add = (path: (string | number)[], key: MessageKey, params: Params) => {
    const id = JSON.stringify(path);
    if (!issues.has(id)) issues.set(id, configIssue(path, key, params));
  };

  decls.forEach((decl, i) => {
    const at = (...keys: (string | number)[]) => ['resources', i, ...keys];
    const prefix = decl.prefix ?? decl.name;
    const prefixAt = decl.prefix ? at('prefix') : at('name');
    const group = decl.menu?.group ?? decl.name;
    const groupAt = decl.menu?.group ? at('menu', 'group') : at('name');

    const name = decl.name;
    for (const b of builtIns) {
      const builtIn = b.name;
      if (b.name === name) add(at('name'), 'declBuiltInName', { name });
      if (snakeCase(name) === tableNameOf(b)) {
        add(at('name'), 'declBuiltInTable', { table: snakeCase(name), builtIn });
      }
      if (prefixesOverlap(prefix, b.prefix)) {
        add(prefixAt, 'declBuiltInPrefix', { prefix, builtIn, builtInPrefix: b.prefix });
      }
      // Routes are `<group>.<view>` and their labels `<group>.menu.<view>`.
      if (group === groupOf(b) || group === b.name) {
        add(groupAt, 'declBuiltInGroup', { group, builtIn });
      }
    }

    decls.slice(0, i).forEach((other, j) => {
      const otherGroup = other.menu?.group ?? other.name;
      // Named by index here; a caller that knows better names it (registry.ts checkEntries).
      const ref = { other: `resources.${j}` };
      if (other.name === name) add(at('name'), 'declNameTwice', { name, ...ref });
      if (prefixesOverlap(prefix, other.prefix ?? other.name)) {
        add(prefixAt, 'declPrefixOverlap', { prefix, ...ref });
      }
      if (group === otherGroup || group === other.name) {
        add(groupAt, 'declGroupTaken', { group, ...ref });
      }
      if (name === otherGroup) add(at('name'), 'declNameIsGroup', { name, ...ref });
    });
  });

  const targets = new Map<string, Target>();
  for (const d of decls) {
    targets.set(d.name, {
      fields: [...SYSTEM_FIELDS, ...d.fields.map(fieldDefOf)],
      enabled: d.enabled,
    });
  }
  // A built-in wins a name clash (already reported above).
  for (const b of builtIns) targets.set(b.name, { fields: allFields(b), enabled: true });

  decls.forEach((decl, i) =>
    decl.fields.forEach((f, k) => {
      const ref = f.reference;
      if (!ref) return;
      const at = (key: string) => ['resources', i, 'fields', k, 'reference', key];
      const resource = ref.resource;
      const target = targets.get(resource);
      if (!target) return add(at('resource'), 'declNoSuchResource', { resource });
      if (!target.enabled) return add(at('resource'), 'declTargetDisabled', { resource });
      const field = (name: string) =>
        target.fields.find((t) => t.name === name && !t.derivedFrom && t.type !== 'secret');
      // Keys other than id are stored as strings (referenceKeyType), so they must be strings.
      const key = field(ref.key);
      if (ref.key !== 'id' && !(key?.unique && key.type === 'string')) {
        add(at('key'), 'declBadReferenceKey', { resource, field: ref.key });
      }
      // The label is answered as a string beside the key.
      const label = field(ref.label);
      if (!label || label.type === 'json' || label.type === 'tags') {
        add(at('label'), 'declBadReferenceLabel', { resource, field: ref.label });
      }
    }),
  );
  return [...issues.values()];
}

/** Drops the keys whose value is undefined, so mapped declarations hold only what was said. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function fieldDefOf(f: DeclaredField): FieldDef {
  const { name, type, required, list, sortable, filter, search, unique, min, max } = f;
  // An optional field with no default may simply be absent, and a record answers that as null,
  // which the update body must then accept back: such a field is nullable whatever it says.
  const nullable = f.nullable ?? (!required && f.default === undefined ? true : undefined);
  return {
    ...defined({ required, nullable, list, sortable, filter, search, unique, min, max }),
    ...(f.default !== undefined ? { default: f.default } : {}),
    name,
    type,
    ...(f.options ? { options: f.options.map((o) => o.value) } : {}),
    ...(type === 'json' ? { anyJson: true } : {}),
    ...(f.reference ? { reference: { ...f.reference, as: referenceLabelName(f.name) } } : {}),
  };
}

/**
 * The machinery's shape of a declaration. Views, soft delete and the table name are left to
 * their defaults (storage decides how declared rows are deleted); the title is the first
 * required string field, else the first string field.
 */
export function toResourceDef(decl: ResourceDeclaration): ResourceDef {
  const strings = decl.fields.filter((f) => f.type === 'string');
  const title = strings.find((f) => f.required) ?? strings[0];
  return defineResource<ResourceDef>({
    name: decl.name,
    prefix: decl.prefix ?? decl.name,
    permissions: defined(decl.permissions),
    fields: decl.fields.map(fieldDefOf),
    menu: defined({ group: decl.menu?.group, order: decl.menu?.order, icon: decl.menu?.icon }),
    ...(title ? { titleField: title.name } : {}),
    defaultSort: decl.defaultSort ?? { field: 'createdAt', order: 'desc' },
    ...(decl.listTimes ? { listTimes: decl.listTimes } : {}),
  });
}

/** A resource's locale namespace, as in src/locales/<locale>/<resource>.json. */
export interface LocaleNamespace {
  menu: { title: string; list: string; detail: string };
  titles: { list: string; show: string; create: string; edit: string };
  fields: Record<string, string>;
  enums: Record<string, Record<string, string>>;
}

/** The system fields' labels, worded as src/locales/<locale>/agent.json words them. */
const SYSTEM_FIELD_LABELS: Record<Locale, Record<SystemFieldName, string>> = {
  'zh-CN': { id: 'ID', version: '版本', createdAt: '创建时间', updatedAt: '修改时间' },
  'en-US': { id: 'ID', version: 'Version', createdAt: 'Created at', updatedAt: 'Modified at' },
};

/**
 * Page titles from the resource's label, worded like the built-in namespaces. The label is used
 * as written (not lower-cased mid-sentence): it may be a proper name or an acronym.
 */
const TITLES: Record<Locale, (label: string) => LocaleNamespace['titles']> = {
  'zh-CN': (l) => ({ list: `${l}列表`, show: `${l}详情`, create: `新建${l}`, edit: `编辑${l}` }),
  'en-US': (l) => ({ list: l, show: `${l} detail`, create: `Create ${l}`, edit: `Edit ${l}` }),
};

function namespaceOf(decl: ResourceDeclaration, locale: Locale): LocaleNamespace {
  const label = decl.labels[locale];
  const fields: Record<string, string> = { ...SYSTEM_FIELD_LABELS[locale] };
  const enums: Record<string, Record<string, string>> = {};
  for (const f of decl.fields) {
    fields[f.name] = f.labels[locale];
    // The label column stands for the reference in lists, so it carries the field's label.
    if (f.reference) fields[referenceLabelName(f.name)] = f.labels[locale];
    if (f.options) {
      enums[f.name] = Object.fromEntries(f.options.map((o) => [String(o.value), o.labels[locale]]));
    }
  }
  const titles = TITLES[locale](label);
  return {
    // Worded as the built-ins' namespaces: the group is the label, its pages "知识库列表" and
    // "知识库详情" (in English the list keeps the label), so menu and breadcrumb do not repeat it.
    menu: { title: label, list: titles.list, detail: titles.show },
    titles,
    fields,
    enums,
  };
}

/** The declaration's locale namespaces, in the shape of src/locales/<locale>/<resource>.json. */
export function localeTextsOf(decl: ResourceDeclaration): Record<Locale, LocaleNamespace> {
  return { 'zh-CN': namespaceOf(decl, 'zh-CN'), 'en-US': namespaceOf(decl, 'en-US') };
}
