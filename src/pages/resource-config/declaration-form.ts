import type { Locale } from '../../../contract/locale';
import { message, MESSAGES, type MessageKey } from '../../../contract/messages';
import type { Action, FilterKind } from '../../../contract/resource';
import {
  resourceDeclarationSchema,
  type DeclaredFieldType,
  type ResourceDeclaration,
} from '../../../contract/resource-config';
import { currentLocale } from '../../providers/i18n';

/**
 * The editor's two views of one declaration: the form's values and the JSON draft. The form's
 * names follow the declaration's own keys, so a problem's path (`fields.2.name`) is also the
 * form item it belongs to. The draft is the truth; the form is a view of it.
 */
export type Labels = Partial<Record<Locale, string>>;

export interface OptionForm {
  value?: string | number;
  labels?: Labels;
}

export interface FieldForm {
  name?: string;
  type?: DeclaredFieldType;
  labels?: Labels;
  required?: boolean;
  nullable?: boolean;
  list?: boolean;
  sortable?: boolean;
  filter?: FilterKind | null;
  search?: boolean;
  unique?: boolean;
  min?: number | null;
  max?: number | null;
  /** Not edited in the form (the JSON editor sets it); carried along so the form keeps it. */
  default?: string | number | boolean | null;
  options?: OptionForm[];
  reference?: { resource?: string; key?: string; label?: string };
}

export interface DeclarationForm {
  name?: string;
  labels?: Labels;
  prefix?: string;
  permissions?: { admin?: Action[]; user?: Action[] };
  menu?: { group?: string; order?: number | null; icon?: string };
  fields?: FieldForm[];
}

/** A declaration as the JSON editor holds it: any JSON object, checked by the schema. */
export type Draft = Record<string, unknown>;

const FLAGS = ['required', 'nullable', 'list', 'sortable', 'search', 'unique'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Drops keys whose value says nothing: undefined, null, '', false, and empty objects. */
function compact(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    if (isObject(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Labels keep both keys, even empty, so the schema names the one that is missing. */
function labelsOf(labels: Labels | undefined): Record<Locale, string> {
  return { 'zh-CN': labels?.['zh-CN'] ?? '', 'en-US': labels?.['en-US'] ?? '' };
}

/**
 * Option values come from a text input. Numbers are kept when every value of the field reads
 * as an integer (the column is smallint then); otherwise all stay strings.
 */
function optionValues(options: readonly OptionForm[]): (string | number | undefined)[] {
  const texts = options.map((o) => (o.value === undefined ? undefined : String(o.value).trim()));
  const numeric = texts.length > 0 && texts.every((t) => t !== undefined && /^-?\d+$/.test(t));
  return texts.map((t) => (numeric && t !== undefined ? Number(t) : t));
}

function fieldOf(f: FieldForm): Record<string, unknown> {
  const out: Record<string, unknown> = { name: f.name ?? '', type: f.type ?? 'string' };
  out.labels = labelsOf(f.labels);
  for (const flag of FLAGS) if (f[flag]) out[flag] = true;
  if (f.filter) out.filter = f.filter;
  if (typeof f.min === 'number') out.min = f.min;
  if (typeof f.max === 'number') out.max = f.max;
  if (f.default !== undefined) out.default = f.default;
  const options = f.options ?? [];
  if (options.length) {
    const values = optionValues(options);
    out.options = options.map((o, i) => ({ value: values[i] ?? '', labels: labelsOf(o.labels) }));
  }
  const reference = compact({ ...f.reference });
  if (reference) out.reference = reference;
  return out;
}

/** The form's values as a declaration, on top of the keys of `base` the form does not edit. */
export function toDraft(values: DeclarationForm, base: Draft = {}): Draft {
  const out: Draft = { name: values.name ?? '', labels: labelsOf(values.labels) };
  if (values.prefix) out.prefix = values.prefix;
  // Keys the form does not edit (enabled, source, defaultSort, listTimes) are kept from the draft.
  for (const key of ['enabled', 'source'] as const) {
    if (base[key] !== undefined) out[key] = base[key];
  }
  const permissions: Record<string, Action[]> = {};
  for (const role of ['admin', 'user'] as const) {
    const actions = values.permissions?.[role];
    if (actions?.length) permissions[role] = [...actions];
  }
  out.permissions = permissions;
  out.fields = (values.fields ?? []).map(fieldOf);
  const menu = compact({ ...values.menu });
  if (menu) out.menu = menu;
  if (base.defaultSort !== undefined) out.defaultSort = base.defaultSort;
  if (base.listTimes !== undefined) out.listTimes = base.listTimes;
  return out;
}

function labelsFrom(v: unknown): Labels {
  if (!isObject(v)) return {};
  const out: Labels = {};
  for (const locale of ['zh-CN', 'en-US'] as const) {
    if (typeof v[locale] === 'string') out[locale] = v[locale];
  }
  return out;
}

function defaultFrom(v: unknown): FieldForm['default'] {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v)
    ? (v as FieldForm['default'])
    : undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function fieldFrom(v: unknown): FieldForm {
  if (!isObject(v)) return {};
  const f: FieldForm = {
    name: str(v.name),
    type: str(v.type) as DeclaredFieldType | undefined,
    labels: labelsFrom(v.labels),
    filter: (str(v.filter) as FilterKind | undefined) ?? null,
    min: num(v.min) ?? null,
    max: num(v.max) ?? null,
    default: defaultFrom(v.default),
    options: Array.isArray(v.options)
      ? v.options.map((o) => ({
          value:
            isObject(o) && (typeof o.value === 'string' || typeof o.value === 'number')
              ? o.value
              : undefined,
          labels: labelsFrom(isObject(o) ? o.labels : undefined),
        }))
      : [],
    reference: isObject(v.reference)
      ? {
          resource: str(v.reference.resource),
          key: str(v.reference.key),
          label: str(v.reference.label),
        }
      : undefined,
  };
  for (const flag of FLAGS) f[flag] = v[flag] === true;
  return f;
}

/** The form's values of a draft; keys of the wrong shape show as empty (the JSON has them). */
export function toFormValues(draft: unknown): DeclarationForm {
  if (!isObject(draft)) return { fields: [] };
  const permissions = isObject(draft.permissions) ? draft.permissions : {};
  const actions = (v: unknown) =>
    Array.isArray(v) ? v.filter((a): a is Action => typeof a === 'string') : [];
  const menu = isObject(draft.menu) ? draft.menu : {};
  return {
    name: str(draft.name),
    labels: labelsFrom(draft.labels),
    prefix: str(draft.prefix),
    permissions: { admin: actions(permissions.admin), user: actions(permissions.user) },
    menu: { group: str(menu.group), order: num(menu.order) ?? null, icon: str(menu.icon) },
    fields: Array.isArray(draft.fields) ? draft.fields.map(fieldFrom) : [],
  };
}

/** A new declaration: one empty field, and every action for the admin. */
export function emptyDraft(): Draft {
  return {
    name: '',
    labels: { 'zh-CN': '', 'en-US': '' },
    permissions: { admin: ['list', 'show', 'create', 'edit', 'delete'] },
    fields: [{ name: '', type: 'string', labels: { 'zh-CN': '', 'en-US': '' }, list: true }],
  };
}

/** One problem with a declaration, its path dotted (`fields.2.options`). */
export interface DraftIssue {
  readonly path: string;
  readonly message: string;
  /** zod's issue code, for a message in the UI's language; absent for the server's. */
  readonly code?: string;
  readonly params?: Record<string, string | number>;
}

function paramsOf(issue: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ['expected', 'minimum', 'maximum', 'origin', 'format']) {
    const v = issue[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
    else if (typeof v === 'bigint') out[key] = Number(v);
  }
  // The shared schemas' own refinements name their problem by a key (resource-schema.ts).
  const params = issue.params as { key?: unknown } | undefined;
  if (typeof params?.key === 'string') out.key = params.key;
  if (Array.isArray(issue.values)) out.values = issue.values.map(String).join(', ');
  if (Array.isArray(issue.keys)) out.keys = issue.keys.map(String).join(', ');
  return out;
}

/**
 * The text of an issue that names its message key (the contract's refinements put it in
 * `params.key`, with the key's parameters beside it) in `locale`; undefined for other issues.
 * A record key's issue (a header name) carries the reason in its nested issue.
 */
function keyedText(issue: Record<string, unknown>, locale: Locale): string | undefined {
  if (issue.code === 'invalid_key' && Array.isArray(issue.issues)) {
    const [first] = issue.issues as unknown[];
    return typeof first === 'object' && first !== null
      ? keyedText(first as Record<string, unknown>, locale)
      : undefined;
  }
  if (issue.code !== 'custom' || typeof issue.params !== 'object' || issue.params === null) {
    return undefined;
  }
  const { key, ...rest } = issue.params as Record<string, unknown>;
  if (typeof key !== 'string' || !Object.hasOwn(MESSAGES[locale], key)) return undefined;
  const params: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(rest)) {
    if (typeof v === 'string' || typeof v === 'number') params[name] = v;
  }
  return message(locale, key as MessageKey, params);
}

/**
 * Checks a draft with the shared schema: the declaration when it holds, else its problems.
 * A problem the contract names by message key is worded in `locale` (the UI's, by default);
 * zod's own codes keep their English message for issueText to translate by code.
 */
export function checkDraft(
  draft: unknown,
  locale: Locale = currentLocale(),
): { ok: true; declaration: ResourceDeclaration } | { ok: false; issues: DraftIssue[] } {
  const parsed = resourceDeclarationSchema.safeParse(draft);
  if (parsed.success) return { ok: true, declaration: parsed.data };
  const issues: DraftIssue[] = parsed.error.issues.map((i) => {
    const raw = i as unknown as Record<string, unknown>;
    return {
      path: i.path.map(String).join('.'),
      message: keyedText(raw, locale) ?? i.message,
      code: i.code,
      params: paramsOf(raw),
    };
  });
  // A blank label fails twice (too short, and blank): one "must not be empty" says it.
  const blank = (i: DraftIssue) => i.code === 'custom' && i.params?.key === 'required';
  return {
    ok: false,
    issues: issues.filter((i) => !blank(i) || !issues.some((o) => o !== i && o.path === i.path)),
  };
}

/** A dotted path as the form's name path (`fields.2.name` → ['fields', 2, 'name']). */
export function namePathOf(path: string): (string | number)[] {
  return path === '' ? [] : path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
