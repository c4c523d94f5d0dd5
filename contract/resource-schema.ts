import { z } from 'zod';
import { MAX_CURSOR_LENGTH } from './page-cursor';
import { promptVariablesSchema } from './prompt-variables';
import { DEFAULT_TIME_ZONE, isTimeZone } from './statistics-calendar';
import { EVALUATION_METRICS } from './resources/model-evaluate';
import {
  allFields,
  referenceKeyType,
  MAX_PAGE_SIZE,
  SECRET_MASK,
  operatorsFor,
  writableFields,
  type FieldDef,
  type FilterKind,
  type FilterOperator,
  type ResourceDef,
  type SortOrder,
} from './resource';

/**
 * zod schemas derived from a resource declaration. Kept apart from resource.ts so that code
 * needing only the declarations (menus, routes, the login page) does not pull in zod.
 */

/**
 * Characters no stored text may hold: lone UTF-16 surrogates (no UTF-8 form, so the database
 * driver would silently turn them into U+FFFD) and NUL (PostgreSQL text cannot hold it).
 */
const UNSTORABLE = /\p{Cs}|\0/u;

/**
 * Text that shows nothing: white space, controls, format characters (zero-width space and
 * joiners, direction marks, soft hyphen), other default-ignorable code points (variation
 * selectors, Hangul fillers) and the blank Braille pattern. A name made only of these looks
 * empty in every list while passing a length check.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Any string of a body: refuses what cannot be stored faithfully (40000 "invalid characters"). */
export function safeString() {
  // abort: text that cannot be stored gets this one reason, not "required" or "too long" too.
  return z
    .string()
    .refine((s) => !UNSTORABLE.test(s), { params: { key: 'badCharacters' }, abort: true });
}

/** A required string: besides `safeString`, it must show something (40000 "required"). */
export function visibleString() {
  return safeString().refine((s) => !INVISIBLE_ONLY.test(s), { params: { key: 'required' } });
}

/** An http(s) URL: what a link in the console may open. */
export function urlString(max = 2048) {
  return safeString()
    .trim()
    .max(max)
    .refine((s) => /^https?:\/\/[^\s/]+/i.test(s) && URL.canParse(s), {
      params: { key: 'badUrl' },
    });
}

/** A set of labels: distinct, trimmed, 1–32 characters each, at most 20. */
export function tagsSchema() {
  return z
    .array(visibleString().trim().min(1).max(32))
    .max(20)
    .refine((tags) => new Set(tags).size === tags.length, { params: { key: 'duplicateTag' } });
}

/**
 * Shapes of `json` fields, by `<resource>.<field>`. A json field without one cannot be
 * declared (valueSchema throws), so nothing unshaped is ever stored.
 */
export const JSON_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  'prompt.variables': promptVariablesSchema(),
  'model-evaluate.metrics': z
    .array(z.enum(EVALUATION_METRICS))
    .min(1)
    .max(EVALUATION_METRICS.length)
    .refine((m) => new Set(m).size === m.length, { params: { key: 'duplicateTag' } }),
  'model-evaluate-result.scores': z.partialRecord(
    z.enum(EVALUATION_METRICS),
    z.number().min(0).max(100),
  ),
  'scene.releaseGate': z.strictObject({
    corpusId: z.number().int().positive(),
    modelVersion: visibleString().min(1).max(64),
    thresholds: z
      .partialRecord(z.enum(EVALUATION_METRICS), z.number().min(0).max(100))
      .refine((t) => Object.keys(t).length > 0, { params: { key: 'required' } }),
    judgeVersion: visibleString().max(64).nullable().optional(),
    maxDrop: z.number().min(0).max(100).nullable().optional(),
  }),
  // The meta-schema check is the server's (plugin behaviour); here: a JSON object.
  'plugin-config.parameterSchema': z.record(z.string(), z.unknown()),
  'prompt-call.variables': z
    .array(z.strictObject({ name: visibleString().max(64), value: safeString().max(2000) }))
    .max(50),
};

/** zod type of one value of a field, as accepted in bodies. */
export function valueSchema(field: FieldDef, resource?: string): z.ZodType {
  switch (field.type) {
    case 'url':
      return urlString(field.max);
    case 'tags':
      return tagsSchema();
    case 'json': {
      if (field.anyJson) return z.json();
      const shape = resource ? JSON_SCHEMAS[`${resource}.${field.name}`] : undefined;
      if (!shape) throw new Error(`json field ${resource}.${field.name} has no JSON_SCHEMAS shape`);
      return shape;
    }
    case 'reference':
      return referenceKeyType(field) === 'integer'
        ? z.number().int().min(1).max(2_147_483_647)
        : safeString()
            .trim()
            .min(1)
            .max(field.max ?? 64);
    case 'secret':
      // Not trimmed: a token's spaces may be part of it.
      return visibleString()
        .min(1)
        .max(field.max ?? 4096);
    case 'string':
    case 'text': {
      let s = (field.required ? visibleString() : safeString()).trim();
      if (field.required) s = s.min(Math.max(1, field.min ?? 1));
      else if (field.min !== undefined) s = s.min(field.min);
      s = s.max(field.max ?? (field.type === 'text' ? 10_000 : 255));
      const pattern = field.pattern;
      if (!pattern) return s;
      const re = new RegExp(`^(?:${pattern.regex})$`, 'u');
      return s.refine((v) => v === '' || re.test(v), {
        params: { key: 'badPattern', example: pattern.example },
      });
    }
    case 'number':
      // numeric(18, 6): 12 integer digits.
      return z
        .number()
        .min(field.min ?? -999_999_999_999)
        .max(field.max ?? 999_999_999_999);
    case 'integer': {
      let n = z.number().int();
      n = n.min(field.min ?? -2_147_483_648).max(field.max ?? 2_147_483_647);
      return n;
    }
    case 'enum': {
      const opts = field.options ?? [];
      return opts.every((o) => typeof o === 'number')
        ? z.union(opts.map((o) => z.literal(o)) as unknown as [z.ZodLiteral, z.ZodLiteral])
        : z.enum(opts.map(String) as [string, ...string[]]);
    }
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return z.iso.datetime({ offset: true });
  }
}

/** Accepts a positive integer id, also written as a string of digits (ids travel in URLs). */
export const idSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);
export const idBody = z.strictObject({ id: idSchema });

function withNull(field: FieldDef, s: z.ZodType): z.ZodType {
  return field.nullable ? s.nullable() : s;
}

/** The optional `scope` of list and create bodies, for resources that declare scopes. */
function scopeShape(def: ResourceDef): Record<string, z.ZodType> {
  const names = Object.keys(def.scopes ?? {});
  return names.length ? { scope: z.enum(names as [string, ...string[]]).optional() } : {};
}

export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...scopeShape(def) };
  for (const f of writableFields(def, 'create')) {
    const s = withNull(f, valueSchema(f, def.name));
    shape[f.name] = f.required ? s : s.optional();
  }
  return z.strictObject(shape);
}

/**
 * Fields an update body may send back from detail but that it never changes: server-managed
 * and derived ones. The handler drops them (DATA-MODEL.md "round trip").
 */
export function ignoredOnUpdate(def: ResourceDef): string[] {
  return allFields(def)
    .filter((f) => f.name !== 'id' && f.name !== 'version')
    .filter((f) => f.readOnly || f.name === def.softDelete)
    .map((f) => f.name);
}

/** Create-only fields: accepted in an update body only with their stored value. */
export function createOnlyFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.createOnly && !f.readOnly);
}

export function updateSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { id: idSchema, version: z.number().int().positive() };
  for (const name of ignoredOnUpdate(def)) shape[name] = z.unknown().optional();
  for (const f of [...writableFields(def, 'update'), ...createOnlyFields(def)]) {
    shape[f.name] = withNull(f, valueSchema(f, def.name)).optional();
  }
  return z.strictObject(shape);
}

/** What the server answers for one row. */
export function recordSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of allFields(def)) {
    let s: z.ZodType;
    if (f.type === 'datetime') s = z.string();
    else if (f.type === 'enum' || f.type === 'integer') s = z.union([z.number(), z.string()]);
    else if (f.type === 'reference')
      s = referenceKeyType(f) === 'integer' ? z.number() : z.string();
    else if (f.type === 'number') s = z.number();
    else if (f.type === 'boolean') s = z.boolean();
    else if (f.type === 'tags') s = z.array(z.string());
    else if (f.type === 'json') s = z.unknown();
    else if (f.type === 'secret') s = z.literal(SECRET_MASK);
    else s = z.string();
    shape[f.name] = f.nullable || f.type === 'datetime' ? s.nullable() : s;
  }
  return z.object(shape);
}

export interface PageQuery {
  current: number;
  pageSize: number;
  sorters?: { field: string; order: SortOrder }[];
  filters?: { field: string; operator: FilterOperator; value: unknown }[];
  keyword?: string;
  scope?: string;
  /** A cursor from a previous answer (contract/page-cursor.ts); `current` is then ignored. */
  cursor?: string;
  /** Count the total exactly even when it is large (bounded by a timeout). */
  exactTotal?: boolean;
}

/** The list body, with sorters and filters restricted to what the resource declares. */
export function pageSchema(def: ResourceDef) {
  const fields = allFields(def);
  const sortable = fields.filter((f) => f.sortable).map((f) => f.name);
  const filters = fields
    .filter((f): f is FieldDef & { filter: FilterKind } => f.filter !== undefined)
    .map((f) => {
      // A tags field is filtered by one of its labels.
      const scalar =
        f.type === 'tags'
          ? visibleString().trim().max(32)
          : valueSchema({ ...f, required: false, min: undefined }, def.name);
      return z.strictObject({
        field: z.literal(f.name),
        operator: z.enum(operatorsFor(f.filter) as [FilterOperator, ...FilterOperator[]]),
        value: z.union([scalar, z.array(scalar).max(MAX_PAGE_SIZE)]),
      });
    });
  return z.strictObject({
    current: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
    sorters: sortable.length
      ? z
          .array(
            z.strictObject({
              field: z.enum(sortable as [string, ...string[]]),
              order: z.enum(['asc', 'desc']),
            }),
          )
          .max(3)
          .optional()
      : z.array(z.never()).max(0).optional(),
    filters: filters.length
      ? z
          .array(
            filters.length === 1
              ? filters[0]!
              : z.discriminatedUnion(
                  'field',
                  filters as unknown as [
                    ReturnType<typeof z.strictObject>,
                    ...ReturnType<typeof z.strictObject>[],
                  ],
                ),
          )
          .max(20)
          .optional()
      : z.array(z.never()).max(0).optional(),
    keyword: safeString().trim().max(100).optional(),
    ...scopeShape(def),
    cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
    exactTotal: z.boolean().optional(),
  });
}

/** The body of an export: a list query without paging. */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The zone a CSV export writes times in (IANA): the console sends the one it shows times in;
 * without one, the platform's, as the statistics count days in it.
 */
export const exportTimeZone = z
  .string()
  .refine(isTimeZone, { params: { key: 'badTimeZone' } })
  .default(DEFAULT_TIME_ZONE);

export function exportSchema(def: ResourceDef) {
  return pageSchema(def)
    .omit({ current: true, pageSize: true, cursor: true, exactTotal: true })
    .extend({ format: z.enum(EXPORT_FORMATS).default('csv'), timeZone: exportTimeZone });
}

/** Delete one row by id, or up to a page of rows by ids. */
export const idsSchema = z.array(idSchema).min(1).max(MAX_PAGE_SIZE);
export const deleteSchema = z.union([idBody, z.strictObject({ ids: idsSchema })]);

export const versionSchema = z.number().int().positive();
export const idsBody = z.strictObject({ ids: idsSchema });
export const versionedBody = z.strictObject({ id: idSchema, version: versionSchema });
export const countAnswer = z.object({ count: z.number().int() });

/** One message of a session's transcript (record/detail). */
export const messageSchema = z.object({
  id: z.number(),
  seq: z.number(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  createdAt: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  feedback: z.enum(['like', 'dislike']).nullable(),
  feedbackNote: z.string().nullable(),
});

/** What detail answers beyond the record, by resource. */
const DETAIL_EXTRAS: Readonly<Record<string, Record<string, z.ZodType>>> = {
  record: { messages: z.array(messageSchema) },
};

/** The answer of detail: the record, with what the resource adds (a session's messages). */
export function detailSchema(def: ResourceDef) {
  return recordSchema(def).extend(DETAIL_EXTRAS[def.name] ?? {});
}

export function pageAnswerSchema(def: ResourceDef) {
  return z.object({
    list: z.array(recordSchema(def)),
    total: z.number().int(),
    /** False when `total` is an estimate: the result is too large to count on every page. */
    totalExact: z.boolean(),
    /** Cursors to the pages after and before this one; null when there is none. */
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });
}
