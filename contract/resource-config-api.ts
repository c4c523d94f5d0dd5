import { z } from 'zod';
import type { Locale } from './locale';
import type { ResourceDef } from './resource';
import {
  resourceDeclarationSchema,
  type LocaleNamespace,
  type ResourceDeclaration,
} from './resource-config';

// The paths live apart from the zod schemas below: the console's shell needs the paths, and
// importing them from here put zod (and the declaration schema) into the shell's chunk.
export { RESOURCE_CONFIG_PATHS, REST_PROXY_PREFIX } from './resource-config-paths';

/** Where a declaration comes from: the RESOURCES_CONFIG file (read-only) or the admin page. */
export type DeclarationOrigin = 'file' | 'page';

/** One problem, its path dotted within the declaration (`fields.2.options`). */
export interface DeclarationProblem {
  readonly path: string;
  readonly message: string;
}

/** One served declaration as `meta/resources` answers it: enough to build pages and policy. */
export interface ServedResource {
  readonly name: string;
  readonly origin: DeclarationOrigin;
  /** Changes whenever the declaration does; the console compares it to refresh its registry. */
  readonly version: number;
  readonly def: ResourceDef;
  /** The resource's i18n namespace per locale (the shape of src/locales/<locale>/<name>.json). */
  readonly texts: Record<Locale, LocaleNamespace>;
  /** 'rest' when rows live in an external service (read through the server's proxy). */
  readonly source: 'database' | 'rest';
}

export interface ServedResources {
  readonly resources: readonly ServedResource[];
  /** Changes with any declaration; equal stamps mean nothing changed. */
  readonly stamp: string;
}

/** A declaration as the admin page lists it. */
export interface DeclarationEntry {
  readonly name: string;
  readonly origin: DeclarationOrigin;
  readonly enabled: boolean;
  /** The optimistic lock to send back with update, enable and delete (page declarations). */
  readonly version: number;
  readonly declaration: ResourceDeclaration;
  /** Why it is not served although stored (a clash that appeared later); usually empty. */
  readonly issues: readonly DeclarationProblem[];
  /** Live rows stored for it (database source); null for a REST source. */
  readonly rows: number | null;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

export interface DeclarationList {
  readonly list: readonly DeclarationEntry[];
  /** Problems of the RESOURCES_CONFIG file itself (syntax, schema), rooted at the file. */
  readonly fileIssues: readonly DeclarationProblem[];
}

export interface DeclarationHistoryEntry {
  readonly id: number;
  readonly version: number;
  readonly action: 'create' | 'update' | 'disable' | 'enable' | 'delete' | 'import';
  readonly before: ResourceDeclaration | null;
  readonly after: ResourceDeclaration | null;
  readonly changedBy: string | null;
  readonly changedAt: string;
}

const name = z.string().min(1).max(40);
const version = z.number().int().min(1);

/**
 * Request bodies. A declaration is validated by resourceDeclarationSchema, so the OpenAPI
 * document publishes its JSON Schema; `check` takes anything and answers the problems instead.
 * Clashes with other resources are the server's to find (checkAgainstBuiltIns).
 */
export const declarationBodies = {
  resources: z.strictObject({}).optional(),
  list: z.strictObject({}).optional(),
  detail: z.strictObject({ name }),
  check: z.strictObject({ declaration: z.unknown() }),
  create: z.strictObject({ declaration: resourceDeclarationSchema }),
  update: z.strictObject({ name, version, declaration: resourceDeclarationSchema }),
  enable: z.strictObject({ name, version, enabled: z.boolean() }),
  /** `confirm` must repeat the name: a delete takes the resource's rows with it. */
  delete: z.strictObject({ name, version, confirm: z.string().max(40) }),
  history: z.strictObject({ name }),
  /** The shape an export gives (and a RESOURCES_CONFIG file has). */
  import: z.strictObject({
    $schema: z.string().optional(),
    resources: z.array(resourceDeclarationSchema).max(200),
  }),
  export: z.strictObject({}).optional(),
  schema: z.strictObject({}).optional(),
} as const;

/** `check` answers the problems, empty when the declaration could be saved as it is. */
export interface DeclarationCheck {
  readonly problems: readonly DeclarationProblem[];
  /** The machinery's shape of it, when it parses: the page previews its list from this. */
  readonly def: ResourceDef | null;
}
