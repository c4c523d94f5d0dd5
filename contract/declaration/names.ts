import { RESERVED_NAMES, SYSTEM_FIELDS, type FieldType } from '../resource';

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
  'charts',
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

/** The name a reference's label is answered under, beside the key. */
export function referenceLabelName(fieldName: string): string {
  return `${fieldName}Label`;
}
