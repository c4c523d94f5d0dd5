import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FieldDef, ResourceDef } from '../../contract/resource';
import type { Database } from '../db/client';
import { TRIGRAM_STORAGE } from '../db/resource-table';
import { resourceLiteral, valueExpression } from './row-expressions';

/**
 * A partial expression index on `resource_rows` for a configured resource (unique, B-tree, GIN or
 * trigram, by field use), named `rr_` + a hash of its definition, so a changed one is a new index.
 */
export interface IndexSpec {
  readonly name: string;
  readonly resource: string;
  readonly field: string;
  readonly unique: boolean;
  readonly create: string;
}

const PREFIX = 'rr_';

type IndexKind = 'unique' | 'btree' | 'gin' | 'trgm';

/** The built-in tables' trigram storage (a short GIN pending list): resource-table.ts. */
const TRIGRAM_WITH = `WITH (${Object.entries(TRIGRAM_STORAGE)
  .map(([k, v]) => `${k} = ${v}`)
  .join(', ')})`;

/**
 * A field's value as the keyword search and `contains` filter read it: query.ts's textOf over
 * valueExpression (the value itself for string and text fields, `::text` of it otherwise). The
 * planner matches an expression index only against the same expression.
 */
export function searchText(field: FieldDef): string {
  const expression = valueExpression(field);
  return field.type === 'string' || field.type === 'text' ? expression : `(${expression})::text`;
}

/**
 * Whether searchText can be indexed: an index expression must be IMMUTABLE, and the text of a
 * timestamptz or an array depends on session settings (their output functions are STABLE).
 */
function trigramIndexable(field: FieldDef): boolean {
  return field.type !== 'datetime' && field.type !== 'tags' && field.type !== 'secret';
}

function spec(resource: string, field: FieldDef, kind: IndexKind): IndexSpec {
  const expression = valueExpression(field);
  const where = `WHERE resource = ${resourceLiteral(resource)} AND is_del = 0`;
  const body =
    kind === 'unique'
      ? `resource_rows (${expression}) ${where}`
      : kind === 'gin'
        ? `resource_rows USING gin (${expression}) ${where}`
        : kind === 'trgm'
          ? `resource_rows USING gin ((${searchText(field)}) gin_trgm_ops) ${TRIGRAM_WITH} ${where}`
          : `resource_rows (${expression}, id) ${where}`;
  const name = PREFIX + createHash('sha1').update(`${kind} ${body}`).digest('hex').slice(0, 24);
  return {
    name,
    resource,
    field: field.name,
    unique: kind === 'unique',
    create: `CREATE ${kind === 'unique' ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON ${body}`,
  };
}

/** The name of a unique field's index: a violation names it as its constraint. */
export function uniqueIndexName(resource: string, field: FieldDef): string {
  return spec(resource, field, 'unique').name;
}

/** The indexes one configured resource's rows need. */
export function indexSpecsOf(def: ResourceDef): IndexSpec[] {
  const out: IndexSpec[] = [];
  const system = new Set(['id', 'version', 'createdAt', 'updatedAt']);
  for (const f of def.fields) {
    if (system.has(f.name) || f.type === 'json') continue;
    if (f.unique) out.push(spec(def.name, f, 'unique'));
    const sorted = f.sortable || def.defaultSort?.field === f.name;
    if (f.type === 'tags') {
      if (f.filter) out.push(spec(def.name, f, 'gin'));
    } else if (sorted || (f.filter && f.filter !== 'contains')) {
      out.push(spec(def.name, f, 'btree'));
    }
    if ((f.search || f.filter === 'contains') && trigramIndexable(f)) {
      out.push(spec(def.name, f, 'trgm'));
    }
  }
  return out;
}

/** The `rr_` indexes that exist now. */
export async function existingIndexes(db: Database): Promise<Set<string>> {
  const result = (await db.execute(
    sql`select indexname from pg_indexes
        where schemaname = current_schema() and tablename = 'resource_rows'
          and indexname like 'rr\\_%'`,
  )) as unknown as { rows: { indexname: string }[] };
  return new Set(result.rows.map((r) => r.indexname));
}

/**
 * Makes the `rr_` indexes exactly those the given resources need, inside the declaration change's
 * transaction (a violated unique index fails the change). Answers what it created and dropped.
 */
export async function syncIndexes(
  db: Database,
  defs: readonly ResourceDef[],
): Promise<{ created: string[]; dropped: string[] }> {
  const wanted = new Map<string, IndexSpec>();
  for (const def of defs) for (const s of indexSpecsOf(def)) wanted.set(s.name, s);
  const existing = await existingIndexes(db);
  const dropped = [...existing].filter((name) => !wanted.has(name));
  const created = [...wanted.values()].filter((s) => !existing.has(s.name));
  for (const name of dropped) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`));
  for (const s of created) await db.execute(sql.raw(s.create));
  return { created: created.map((s) => s.name), dropped };
}
