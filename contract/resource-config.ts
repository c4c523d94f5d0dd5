import { z } from 'zod';
import { declarationObject } from './declaration/shape';
import { declarationIssues } from './declaration/rules';

/**
 * Resources an admin declares as data: a JSON/YAML file or the admin page produces
 * `{ resources: [...] }`. This module is the declaration's contract: the zod schema and the JSON
 * Schema published from it; ./declaration/ holds its parts, the checks that need the other
 * resources, and the mapping onto ResourceDef and a locale namespace, so a declared resource is
 * served by the same generic code as the built-in ones.
 */

export { checkAgainstBuiltIns } from './declaration/built-in-checks';
export type { ConfigIssue } from './declaration/issue';
export { localeTextsOf, type LocaleNamespace } from './declaration/locale-texts';
export {
  DECLARATION_RESERVED_NAMES,
  DECLARED_FIELD_TYPES,
  FIELD_NAME_RE,
  NON_RESOURCE_NAMESPACES,
  RESERVED_FIELD_NAMES,
  referenceLabelName,
  type DeclaredFieldType,
} from './declaration/names';
export {
  labelsSchema,
  type DeclaredField,
  type ResourceDeclaration,
  type ResourceDeclarationInput,
} from './declaration/shape';
export { toResourceDef } from './declaration/to-resource';

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
