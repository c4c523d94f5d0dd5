import { sql, type SQL } from 'drizzle-orm';
import {
  snakeCase,
  SYSTEM_FIELDS,
  tableNameOf,
  type FieldDef,
  type ResourceDef,
} from '../../contract/resource';
import type { Database } from '../db/client';

/**
 * Rows for plan tests, made by the database from a resource declaration: one
 * `insert … select … from generate_series` per table. Values spread as a real list sees them:
 * filter values repeat, times span a year, some optional values are empty, unique fields stay
 * unique, and searchable text carries a rare token (KEYWORD_OF) a keyword search finds.
 */

/** Words searchable text is made of: Chinese and English, as the platform's prompts are. */
const WORDS = [
  '提示模板调用',
  '客服问答记录',
  '订单退款流程',
  '物流查询',
  'invoice question',
  'refund request',
  'password reset',
  '账户安全设置',
];

/** Searchable text carries `k<row number>`: a keyword that only a few rows match. */
const TOKEN = 'k';

/** A keyword that matches the rows whose number starts with n's digits (k1234, k12340…). */
export const KEYWORD_OF = (n: number) => `${TOKEN}${n}`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** How many distinct values a non-unique field takes: an eq filter then matches 1/n of rows. */
const SPREAD = 50;

function valueOf(def: ResourceDef, f: FieldDef): string {
  const limit = (expr: string) => (f.max ? `left(${expr}, ${f.max})` : expr);
  const words = `(array[${WORDS.map(quote).join(', ')}])[1 + g % ${WORDS.length}]`;
  const name = quote(f.name);
  let value: string;
  switch (f.type) {
    case 'string':
      value =
        f.unique || f.search ? limit(`${words} || ' ${TOKEN}' || g`) : `${name} || (g % ${SPREAD})`;
      break;
    case 'text':
      value = `${words} || ' ' || ${words} || ' ${TOKEN}' || g || ' ' || md5(g::text)`;
      break;
    case 'url':
      value = limit(`'https://example.com/' || g`);
      break;
    case 'secret':
      value = 'null';
      break;
    case 'enum': {
      const options = f.options ?? [];
      value = `(array[${options.map((o) => (typeof o === 'number' ? String(o) : quote(o))).join(', ')}])[1 + g % ${options.length}]`;
      break;
    }
    case 'integer':
      value = f.name === def.softDelete ? `(case when g % 20 = 0 then 1 else 0 end)` : `g % 1000`;
      break;
    case 'number':
      value = `(g % 1000) / 10.0`;
      break;
    case 'boolean':
      value = `g % 2 = 0`;
      break;
    case 'datetime':
      // A year of rows, a few minutes apart, newest first by g.
      value = `now() - (g % 525600) * interval '1 minute'`;
      break;
    case 'tags':
      value = `array['tag' || (g % ${SPREAD})]::text[]`;
      break;
    case 'json':
      value = `'{}'::jsonb`;
      break;
    case 'reference':
      value =
        f.reference?.key === 'id'
          ? `1 + g % ${SPREAD}`
          : limit(`${quote(f.reference?.key ?? 'ref')} || (g % ${SPREAD})`);
      break;
  }
  if (f.unique && f.type !== 'string') {
    value = f.type === 'integer' || f.type === 'number' ? 'g' : `${value} || '-' || g`;
  }
  // Every seventh optional value empty: lists sort them last and filters skip them.
  if (f.nullable && f.type !== 'secret')
    value = `(case when g % 7 = 3 then null else ${value} end)`;
  return value;
}

/** `insert into <table> select … from generate_series(from, from + rows - 1) g`. */
export function generatedRows(def: ResourceDef, rows: number, from = 1): SQL {
  const system = new Set<string>(SYSTEM_FIELDS.map((f) => f.name));
  const fields = def.fields.filter((f) => !system.has(f.name) && !f.derivedFrom);
  const columns = ['created_at', 'updated_at', ...fields.map((f) => snakeCase(f.name))];
  const times = `now() - (g % 525600) * interval '1 minute'`;
  const values = [times, times, ...fields.map((f) => valueOf(def, f))];
  return sql.raw(
    `insert into "${tableNameOf(def)}" (${columns.map((c) => `"${c}"`).join(', ')})
     select ${values.join(', ')} from generate_series(${from}, ${from + rows - 1}) g`,
  );
}

/**
 * Fills the given resources' tables with `rows` generated rows each, then VACUUM ANALYZEs them:
 * statistics for the planner, and the GIN indexes' pending lists merged (rows inserted after a
 * GIN index was built wait in a list the planner prices as a scan, until a vacuum).
 */
export async function fillGenerated(
  db: Database,
  defs: readonly ResourceDef[],
  rows: number,
): Promise<void> {
  for (const def of defs) {
    await db.execute(generatedRows(def, rows));
    await db.execute(sql.raw(`vacuum analyze "${tableNameOf(def)}"`));
  }
}
