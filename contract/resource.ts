/**
 * A resource is declared once, as data (DESIGN.md "Config-driven resources"). Client and
 * server both derive everything from this declaration: validation schemas, list columns,
 * filters, forms, menu entries, access policy and the generic CRUD endpoints.
 */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** Route roles as the spec writes them: '*' means any logged-in role. */
export type RouteRole = Role | '*';

export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type FieldType = 'string' | 'text' | 'integer' | 'enum' | 'boolean' | 'datetime';
export type FilterKind = 'eq' | 'contains' | 'range';
export type FormControl = 'input' | 'textarea' | 'number' | 'select' | 'switch' | 'none';

export interface FieldDef {
  readonly name: string;
  readonly type: FieldType;
  /** Must be given on create. */
  readonly required?: boolean;
  /** May be null (and is optional on create). */
  readonly nullable?: boolean;
  /** String length bounds, or integer value bounds. */
  readonly min?: number;
  readonly max?: number;
  /** Allowed values of an enum field; labels are `<resource>.enums.<field>.<value>`. */
  readonly options?: readonly (string | number)[];
  readonly default?: string | number | boolean | null;
  /** Set by the server only; never accepted in create or update bodies. */
  readonly readOnly?: boolean;
  /** Accepted on create, not on update. */
  readonly createOnly?: boolean;
  /** Shown as a list column. */
  readonly list?: boolean;
  readonly sortable?: boolean;
  readonly filter?: FilterKind;
  /** Matched by the list's free-text keyword. */
  readonly search?: boolean;
  /** Form control; defaults from the type; 'none' keeps it out of forms. */
  readonly form?: FormControl;
  /** Unique among live rows; a duplicate answers 40000 naming the field. */
  readonly unique?: boolean;
}

export interface ResourceDef {
  /** refine resource name and i18n namespace (`<name>.titles.list`, `<name>.fields.<f>`). */
  readonly name: string;
  /** Endpoint prefix below /api/manage/v1, e.g. 'scene' → /api/manage/v1/scene/page. */
  readonly prefix: string;
  /** Permissions per role; the casbin policy is built from these. */
  readonly permissions: Partial<Record<Role, readonly Action[]>>;
  /** Column that marks a soft-deleted row (1 = deleted); delete sets it instead of removing. */
  readonly softDelete?: string;
  readonly fields: readonly FieldDef[];
  readonly defaultSort?: { readonly field: string; readonly order: SortOrder };
  /** Fields shown as the record's title (cards, breadcrumbs, confirmations). */
  readonly titleField?: string;
  /** Menu order and icon of a resource that has no entry in the static route table. */
  readonly menuOrder?: number;
  readonly icon?: string;
}

export type SortOrder = 'asc' | 'desc';

/** Every table behind a resource has these, managed by the server. */
export const SYSTEM_FIELDS: readonly FieldDef[] = [
  { name: 'id', type: 'integer', readOnly: true, list: true, sortable: true, form: 'none' },
  { name: 'version', type: 'integer', readOnly: true, form: 'none' },
  { name: 'createdAt', type: 'datetime', readOnly: true, sortable: true, form: 'none' },
  { name: 'updatedAt', type: 'datetime', readOnly: true, sortable: true, form: 'none' },
];

export function defineResource<const R extends ResourceDef>(def: R): R {
  const names = new Set<string>();
  for (const f of [...SYSTEM_FIELDS, ...def.fields]) {
    if (names.has(f.name)) throw new Error(`resource ${def.name}: field ${f.name} declared twice`);
    names.add(f.name);
    if (f.type === 'enum' && !f.options?.length) {
      throw new Error(`resource ${def.name}: enum field ${f.name} needs options`);
    }
  }
  return def;
}

export function allFields(def: ResourceDef): readonly FieldDef[] {
  const own = new Set(def.fields.map((f) => f.name));
  return [...SYSTEM_FIELDS.filter((f) => !own.has(f.name)), ...def.fields];
}

export function writableFields(def: ResourceDef, mode: 'create' | 'update'): FieldDef[] {
  return def.fields.filter(
    (f) => !f.readOnly && f.name !== def.softDelete && !(mode === 'update' && f.createOnly),
  );
}

export function formControlOf(field: FieldDef): FormControl {
  if (field.form) return field.form;
  switch (field.type) {
    case 'text':
      return 'textarea';
    case 'integer':
      return 'number';
    case 'enum':
      return 'select';
    case 'boolean':
      return 'switch';
    case 'datetime':
      return 'none';
    default:
      return 'input';
  }
}

export const FILTER_OPERATORS = ['eq', 'ne', 'in', 'contains', 'gte', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export function operatorsFor(kind: FilterKind): readonly FilterOperator[] {
  switch (kind) {
    case 'eq':
      return ['eq', 'ne', 'in'];
    case 'contains':
      return ['contains', 'eq'];
    case 'range':
      return ['gte', 'lte', 'eq'];
  }
}

export const MAX_PAGE_SIZE = 100;
