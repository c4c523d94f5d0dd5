/**
 * A resource is declared once, as data, so client and server cannot drift: both derive from it
 * validation, columns, filters, forms, menu, access policy and the generic CRUD endpoints.
 */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** Route roles as the spec writes them: '*' means any logged-in role. */
export type RouteRole = Role | '*';

export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;

/**
 * Names a resource (and so its route group and endpoint prefix) may not take: the spec's other
 * top-level routes and the API's own call groups.
 */
export const RESERVED_NAMES: readonly string[] = [
  'dashboard',
  'wiki',
  'login',
  'redirect',
  'debug-records',
  'api',
  'user',
  'menu',
  'meta',
  'model',
  'plugin',
  'system',
  'statistic',
  'message',
  'api-key',
  'debug-record',
  'debug-record-all',
];

/** A resource name: kebab-case, a letter first, 2 to 40 characters. */
export const RESOURCE_NAME_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export type Action = (typeof ACTIONS)[number];

export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  /** A decimal (money, prices): stored as numeric(18, 6), answered as a JSON number. */
  | 'number'
  | 'enum'
  | 'boolean'
  | 'datetime'
  /** An http(s) URL. */
  | 'url'
  /** A set of short labels. */
  | 'tags'
  /** A structured value; its shape is the resource's (resource-schema JSON_SCHEMAS). */
  | 'json'
  /** The key of a row of another resource (FieldDef.reference). */
  | 'reference'
  /**
   * Write-only text (a plugin's token): encrypted at rest, never answered; records say only
   * whether one is set, as the mask SECRET_MASK.
   */
  | 'secret';

/** What a record answers in place of a secret that is set. */
export const SECRET_MASK = '••••••••';

/**
 * A field pointing at another resource's row by `key` (its id or another unique field). Lists
 * and details also answer the target's `label` under the name `as`, resolved by the server.
 */
export interface ReferenceDef {
  readonly resource: string;
  readonly key: string;
  readonly label: string;
  readonly as: string;
}
export type FilterKind = 'eq' | 'contains' | 'range';
export type FormControl =
  'input' | 'textarea' | 'number' | 'select' | 'switch' | 'tags' | 'password' | 'none';

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
  /**
   * For type 'number': shown and exported rounded to this many decimals, half away from zero
   * (contract/figures.ts); unset, as stored.
   */
  readonly decimals?: number;
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
  /**
   * A string's shape, as a regular expression source (whole value); a mismatch answers 40000
   * `badFormat` with `example` shown to the operator.
   */
  readonly pattern?: { readonly regex: string; readonly example: string };
  /** Matched by the list's free-text keyword. */
  readonly search?: boolean;
  /** Form control; defaults from the type; 'none' keeps it out of forms. */
  readonly form?: FormControl;
  /** Unique among live rows; a duplicate answers 40000 naming the field. */
  readonly unique?: boolean;
  /**
   * For type 'json' in a declared resource: any JSON value, its shape the admin's.
   * A built-in json field has its shape in resource-schema's JSON_SCHEMAS instead.
   */
  readonly anyJson?: boolean;
  /** For type 'reference': the row it points at and the label answered beside it. */
  readonly reference?: ReferenceDef;
  /** Set on the label field a reference derives: the reference field's name. No column. */
  readonly derivedFrom?: string;
  /**
   * Values a filter or form offers come from a list call (below the API prefix, answering
   * `{ list }`): each row's `value` is stored, its `label` shown (model versions, say).
   */
  readonly optionsFrom?: { readonly path: string; readonly value: string; readonly label: string };
  /**
   * For type 'tags': the values are identifiers (user ids), kept exactly as given. Other tags
   * without optionsFrom are free labels: normalised, and picked from the tags in use
   * (contract/tags.ts).
   */
  readonly identifiers?: boolean;
}

/** Which generic page serves a view; 'page' views always have a dedicated page. */
export const VIEW_KINDS = ['list', 'show', 'create', 'edit', 'page'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/**
 * One screen of a resource (spec §2). Its route is `<group>.<name>` at `/<group>/<name>`, its
 * label `<group>.menu.<name>`. Who may open it is both `roles` (the spec's route roles: what the
 * menu offers) and the policy for its action (what the API allows): see contract/access.
 */
export interface ViewDef {
  readonly name: string;
  readonly kind: ViewKind;
  readonly roles: readonly RouteRole[];
  readonly hidden?: boolean;
  /** The named row scope the view shows and creates in (ResourceDef.scopes). */
  readonly scope?: string;
  readonly ignoreCache?: boolean;
  /** The policy action the view needs; defaults from the kind ('page' views: 'list'). */
  readonly action?: Action;
}

/** Where a resource's views sit in the menu. */
export interface MenuPlacement {
  /** Menu group (first path segment); defaults to the resource name. */
  readonly group?: string;
  /** Order of the group in the menu (spec §9); only the group's own resource gives it. */
  readonly order?: number;
  /** Icon name from src/layout/icons.tsx (a test checks it exists). */
  readonly icon?: string;
}

/**
 * Rows that belong to one account. Rows are visible to their owner, and to everyone with the
 * role's permission when they match `sharedWhen`; to anyone else they do not exist (40400).
 */
export type Ownership =
  | {
      /** Column holding the owner's user id, set from the token on create. */
      readonly field: string;
      readonly sharedWhen?: Readonly<Record<string, string | number>>;
    }
  | {
      /** Rows follow the visibility of the row they point to in another resource. */
      readonly through: { readonly field: string; readonly resource: string };
    };

/** A call beyond CRUD, mounted at `<prefix>/<path>`; its zod body is in resource-schema. */
export interface EndpointDef {
  readonly path: string;
  readonly action: Action;
  readonly summary: string;
  /** Only these roles may call it, on top of the policy for `action` (e.g. approving). */
  readonly roles?: readonly Role[];
}

export interface ResourceDef {
  /** refine resource name and i18n namespace (`<name>.titles.list`, `<name>.fields.<f>`). */
  readonly name: string;
  /** Endpoint prefix below the API prefix, e.g. 'scene' → /api/manage/v1/scene/page. */
  readonly prefix: string;
  /** Permissions per role; the casbin policy is built from these. */
  readonly permissions: Partial<Record<Role, readonly Action[]>>;
  /** Column that marks a soft-deleted row (1 = deleted); delete sets it instead of removing. */
  readonly softDelete?: string;
  readonly fields: readonly FieldDef[];
  readonly defaultSort?: { readonly field: string; readonly order: SortOrder };
  /**
   * System times shown as list columns (after the title), beyond the default sort's, which
   * always shows: a list whose order has no visible column reads as shuffled. E.g. the spec's
   * session list shows when a session started beside its last message time.
   */
  readonly listTimes?: readonly ('createdAt' | 'updatedAt')[];
  /** Fields shown as the record's title (cards, breadcrumbs, confirmations). */
  readonly titleField?: string;
  /** The resource's screens; without any, a list and a hidden detail for the roles that list. */
  readonly views?: readonly ViewDef[];
  readonly menu?: MenuPlacement;
  readonly ownership?: Ownership;
  /** Named slices of the rows (e.g. platform / personal templates): field values they fix. */
  readonly scopes?: Readonly<Record<string, Readonly<Record<string, string | number>>>>;
  /** Calls beyond CRUD, by name (the client calls them by that name). */
  readonly endpoints?: Readonly<Record<string, EndpointDef>>;
  /** How the table is stored: its SQL name and indexes beyond those the fields imply. */
  readonly table?: TableHints;
}

export interface TableHints {
  /** SQL table name; defaults to the resource name in snake_case. */
  readonly name?: string;
  /** Extra multi-column indexes, by field names. */
  readonly indexes?: readonly (readonly string[])[];
}

export type SortOrder = 'asc' | 'desc';

export type SystemFieldName = 'id' | 'version' | 'createdAt' | 'updatedAt';

/** Every table behind a resource has these, managed by the server. */
export const SYSTEM_FIELDS: readonly (FieldDef & { name: SystemFieldName })[] = [
  { name: 'id', type: 'integer', readOnly: true, list: true, sortable: true, form: 'none' },
  { name: 'version', type: 'integer', readOnly: true, form: 'none' },
  { name: 'createdAt', type: 'datetime', readOnly: true, sortable: true, form: 'none' },
  { name: 'updatedAt', type: 'datetime', readOnly: true, sortable: true, form: 'none' },
];

/** A declaration's mistakes are programming errors: they fail at import, naming the resource. */
export function defineResource<const R extends ResourceDef>(def: R): R {
  const fail = (what: string) => {
    throw new Error(`resource ${def.name}: ${what}`);
  };
  const names = new Set<string>();
  for (const f of [...SYSTEM_FIELDS, ...def.fields]) {
    if (names.has(f.name)) fail(`field ${f.name} declared twice`);
    names.add(f.name);
    if (f.type === 'enum' && !f.options?.length) fail(`enum field ${f.name} needs options`);
    if ((f.type === 'reference') !== !!f.reference) {
      fail(`field ${f.name}: a reference field, and only it, names its reference`);
    }
    if (f.type === 'secret' && (f.sortable || f.filter || f.search || f.unique)) {
      fail(`secret field ${f.name} cannot be sorted, filtered, searched or unique`);
    }
    if (f.sortable && (f.type === 'json' || f.type === 'tags')) {
      fail(`field ${f.name} of type ${f.type} cannot be sorted`);
    }
  }
  for (const f of def.fields) {
    if (!f.reference) continue;
    if (f.reference.resource === def.name) fail(`field ${f.name} refers to its own resource`);
    if (names.has(f.reference.as)) fail(`reference label ${f.reference.as} clashes with a field`);
    names.add(f.reference.as);
  }
  const field = (name: string, why: string) => {
    if (!names.has(name)) fail(`${why} names unknown field ${name}`);
  };
  if (def.titleField) field(def.titleField, 'titleField');
  if (def.softDelete) field(def.softDelete, 'softDelete');
  if (def.defaultSort) field(def.defaultSort.field, 'defaultSort');
  for (const cols of def.table?.indexes ?? []) cols.forEach((c) => field(c, 'table index'));
  for (const [scope, values] of Object.entries(def.scopes ?? {})) {
    Object.keys(values).forEach((f) => field(f, `scope ${scope}`));
  }
  const owner = def.ownership;
  if (owner && 'field' in owner) {
    field(owner.field, 'ownership');
    Object.keys(owner.sharedWhen ?? {}).forEach((f) => field(f, 'ownership.sharedWhen'));
  } else if (owner) {
    field(owner.through.field, 'ownership.through');
  }
  if (def.scopes && names.has('scope')) fail('a field named scope clashes with its scopes');
  for (const name of Object.keys(def.endpoints ?? {})) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) fail(`endpoint name ${name} is not an identifier`);
  }
  const viewNames = new Set<string>();
  for (const v of def.views ?? []) {
    if (viewNames.has(v.name)) fail(`view ${v.name} declared twice`);
    viewNames.add(v.name);
    if (v.scope && !def.scopes?.[v.scope]) fail(`view ${v.name} names unknown scope ${v.scope}`);
    if (!/^[a-z][a-z0-9-]*$/.test(v.name)) fail(`view name ${v.name} is not a path segment`);
  }
  return def;
}

/** Resource names in snake_case: the default SQL table name. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

export function tableNameOf(def: ResourceDef): string {
  return def.table?.name ?? snakeCase(def.name);
}

/** The menu group a resource's views sit in (their first path segment). */
export function groupOf(def: ResourceDef): string {
  return def.menu?.group ?? def.name;
}

/** Roles whose policy includes `action` on the resource. */
export function rolesAllowed(def: ResourceDef, action: Action): Role[] {
  return ROLES.filter((role) => def.permissions[role]?.includes(action));
}

/** The declared views, or a list and a hidden detail for the roles that may list. */
export function viewsOf(def: ResourceDef): readonly ViewDef[] {
  if (def.views) return def.views;
  const roles = rolesAllowed(def, 'list');
  return [
    { name: 'list', kind: 'list', roles },
    { name: 'detail', kind: 'show', roles, hidden: true },
  ];
}

/** The policy action a view needs. */
export function viewAction(view: Pick<ViewDef, 'kind' | 'action'>): Action {
  if (view.action) return view.action;
  return view.kind === 'page' ? 'list' : view.kind;
}

/** The read-only label fields references add to records (e.g. sceneName beside sceneCode). */
export function derivedFields(def: ResourceDef): FieldDef[] {
  return def.fields
    .filter((f): f is FieldDef & { reference: ReferenceDef } => !!f.reference)
    .map((f) => ({
      name: f.reference.as,
      type: 'string',
      nullable: true,
      readOnly: true,
      form: 'none',
      derivedFrom: f.name,
    }));
}

const fieldsOf = new WeakMap<ResourceDef, readonly FieldDef[]>();

/**
 * Every field of a record: system fields, declared fields, then reference labels. Kept per
 * declaration (declarations are never changed in place: an edit is a new object), since every
 * record of every answer is built from it.
 */
export function allFields(def: ResourceDef): readonly FieldDef[] {
  let fields = fieldsOf.get(def);
  if (!fields) {
    const own = new Set(def.fields.map((f) => f.name));
    const listed = new Set<string>(def.listTimes);
    if (def.defaultSort) listed.add(def.defaultSort.field);
    fields = Object.freeze([
      ...SYSTEM_FIELDS.filter((f) => !own.has(f.name)).map((f) =>
        listed.has(f.name) && !f.list ? { ...f, list: true } : f,
      ),
      ...def.fields,
      ...derivedFields(def),
    ]);
    fieldsOf.set(def, fields);
  }
  return fields;
}

/** The type a reference's key values have: ids are integers, other keys strings. */
export function referenceKeyType(field: FieldDef): 'integer' | 'string' {
  return field.reference?.key === 'id' ? 'integer' : 'string';
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
    case 'number':
      return 'number';
    case 'enum':
      return 'select';
    case 'boolean':
      return 'switch';
    case 'datetime':
    case 'json':
      return 'none';
    case 'tags':
      return 'tags';
    case 'reference':
      return 'select';
    case 'secret':
      return 'password';
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
