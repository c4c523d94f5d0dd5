import { z } from 'zod';
import type { Locale } from '../locale';
import { ACTIONS, RESERVED_NAMES, RESOURCE_NAME_RE, type FilterKind, type Role } from '../resource';
import { urlString, visibleString } from '../resource-schema';
import { matching, problem } from './issue';
import {
  DECLARATION_RESERVED_NAMES,
  DECLARED_FIELD_TYPES,
  FIELD_NAME_RE,
  RESERVED_FIELD_NAMES,
} from './names';

// The shape of one declaration, key by key. Rules spanning several keys are in ./rules.ts.

// A Record over FilterKind makes the compiler insist this lists exactly resource.ts's kinds.
const FILTER_KIND_SET: Record<FilterKind, true> = { eq: true, contains: true, range: true };
const FILTER_KINDS = Object.keys(FILTER_KIND_SET) as [FilterKind, ...FilterKind[]];

/**
 * An enum option's value is also an i18n key (`enums.<field>.<value>`), so a string value may not
 * hold i18next's separators ('.' and ':'); a number value is stored as smallint.
 */
const OPTION_VALUE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const SMALLINT = { min: -32_768, max: 32_767 } as const;
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
/** numeric(18, 6) holds 12 integer digits. */
export const DECIMAL_LIMIT = 999_999_999_999;
/** Length bounds beyond this are a mistake, not a requirement (text columns hold any length). */
export const LENGTH_LIMIT = 100_000;

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

export const declarationObject = z.strictObject({
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
/** One declaration as parsed (defaults filled in); the cross-key rules add no keys to it. */
export type ResourceDeclaration = z.output<typeof declarationObject>;
export type ResourceDeclarationInput = z.input<typeof declarationObject>;
