import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { resourceConfigSchema, type ResourceDeclaration } from '../../contract/resource-config';

/** One problem, its path dotted as a person reads it (`resources.0.fields.2.options`). */
export interface DeclarationIssue {
  /** Empty when the problem is the file (or body) as a whole. */
  readonly path: string;
  readonly message: string;
}

export interface ConfigFileResult {
  /** Every declaration of the file, parsed; empty whenever there is an issue. */
  readonly declarations: ResourceDeclaration[];
  readonly issues: DeclarationIssue[];
}

/**
 * Far above what 200 declarations of 100 fields take; a bigger file is a mistake (or a log file
 * named by accident), and reading it whole would only cost memory.
 */
export const MAX_CONFIG_FILE_BYTES = 16 * 1024 * 1024;

export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * Zod's issues with dotted paths below `at`. An unknown key is named by its own path rather than
 * its object's, so `resources.0.colour` points at the line to delete.
 */
export function zodIssues(error: z.ZodError, at: readonly PropertyKey[] = []): DeclarationIssue[] {
  return error.issues.flatMap((i) =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((key) => ({ path: dottedPath([...at, ...i.path, key]), message: 'unknown key' }))
      : [{ path: dottedPath([...at, ...i.path]), message: i.message }],
  );
}

/**
 * Reads the RESOURCES_CONFIG file: JSON for `.json`, YAML for `.yaml`/`.yml`. Bad content is
 * never thrown: a missing or unreadable file, a syntax error and every schema problem come back
 * as issues, so the caller can keep what it had. The file is one unit: with any issue no
 * declaration is returned, since half a file may leave references dangling.
 */
export async function readConfigFile(path: string): Promise<ConfigFileResult> {
  const parsed = await parseFile(path);
  if ('issue' in parsed) return { declarations: [], issues: [parsed.issue] };
  const result = resourceConfigSchema.safeParse(parsed.value);
  if (result.success) return { declarations: result.data.resources, issues: [] };
  return { declarations: [], issues: zodIssues(result.error) };
}

type Parsed = { value: unknown } | { issue: DeclarationIssue };

const fileIssue = (message: string): { issue: DeclarationIssue } => ({
  issue: { path: '', message },
});

async function parseFile(path: string): Promise<Parsed> {
  const ext = extname(path).toLowerCase();
  const yaml = ext === '.yaml' || ext === '.yml';
  if (!yaml && ext !== '.json') {
    return fileIssue(`${path}: name a .json, .yaml or .yml file`);
  }
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > MAX_CONFIG_FILE_BYTES) {
      return fileIssue(`${path} is ${size} bytes; at most ${MAX_CONFIG_FILE_BYTES} are read`);
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    return fileIssue(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (!yaml) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      return fileIssue(`${path} is not valid JSON: ${(error as Error).message}`);
    }
  }
  // parseDocument collects every error with its line instead of throwing on the first.
  const doc = parseDocument(text, { prettyErrors: true });
  const [first] = doc.errors;
  if (first) return fileIssue(`${path} is not valid YAML: ${first.message}`);
  try {
    return { value: doc.toJS() as unknown };
  } catch (error) {
    // toJS throws for documents it cannot build, e.g. too many alias expansions.
    return fileIssue(`${path} is not usable YAML: ${(error as Error).message}`);
  }
}
