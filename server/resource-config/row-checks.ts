import { sql } from 'drizzle-orm';
import { message, type MessageKey } from '../../contract/messages';
import type { FieldDef } from '../../contract/resource';
import { toResourceDef, type ResourceDeclaration } from '../../contract/resource-config';
import { valueSchema } from '../../contract/resource-schema';
import type { Database } from '../db/client';
import { resourceRows } from '../db/schema';
import type { DeclarationIssue } from './file';

const BATCH = 5_000;
/** How many offending row ids a message names before it says "…". */
const SHOWN_IDS = 5;

/** A field as the rows must now hold it, when it differs from what they were written under. */
function changedFields(
  before: ResourceDeclaration | undefined,
  after: ResourceDeclaration,
): { index: number; field: FieldDef; typeChanged: boolean }[] {
  const def = toResourceDef(after);
  return after.fields.flatMap((declared, index) => {
    const old = before?.fields.find((f) => f.name === declared.name);
    if (old && JSON.stringify(old) === JSON.stringify(declared)) return [];
    const field = def.fields.find((f) => f.name === declared.name) as FieldDef;
    return [{ index, field, typeChanged: !old || old.type !== declared.type }];
  });
}

/** An issue with its message key: English in `message`, the caller's language on the way out. */
function keyed(
  path: string,
  key: MessageKey,
  params: Record<string, string | number>,
): DeclarationIssue {
  return { path, key, params, message: message('en-US', key, params) };
}

function idList(ids: readonly number[], total: number): string {
  return ids.join(', ') + (total > ids.length ? ', …' : '');
}

/**
 * The live rows a changed declaration would refuse, per changed or new field (and duplicates of
 * a unique one): a change they violate is refused, so no visible row contradicts its declaration.
 */
export async function rowProblems(
  db: Database,
  before: ResourceDeclaration | undefined,
  after: ResourceDeclaration,
): Promise<DeclarationIssue[]> {
  if (after.source.kind !== 'database') return [];
  const issues: DeclarationIssue[] = [];
  for (const { index, field, typeChanged } of changedFields(before, after)) {
    const schema = valueSchema(field, after.name);
    let bad = 0;
    const badIds: number[] = [];
    let lastId = 0;
    for (;;) {
      const result = (await db.execute(sql`
        select ${resourceRows.id} as id, ${resourceRows.doc} -> ${field.name} as value
        from ${resourceRows}
        where ${resourceRows.resource} = ${after.name} and ${resourceRows.isDel} = 0
          and ${resourceRows.id} > ${lastId}
          and jsonb_typeof(${resourceRows.doc} -> ${field.name}) <> 'null'
        order by ${resourceRows.id} limit ${BATCH}`)) as unknown as {
        rows: { id: number; value: unknown }[];
      };
      for (const row of result.rows) {
        if (schema.safeParse(row.value).success) continue;
        bad += 1;
        if (badIds.length < SHOWN_IDS) badIds.push(row.id);
      }
      if (result.rows.length < BATCH) break;
      lastId = result.rows[result.rows.length - 1]?.id ?? lastId;
    }
    if (bad) {
      issues.push(
        keyed(`fields.${index}${typeChanged ? '.type' : ''}`, 'declRowsRefused', {
          count: bad,
          ids: idList(badIds, bad),
        }),
      );
      continue;
    }
    if (!field.unique) continue;
    const dupes = (await db.execute(sql`
      select count(*)::int as rows, (array_agg(id order by id))[1:${SHOWN_IDS}] as ids
      from (
        select ${resourceRows.id} as id,
               count(*) over (partition by ${resourceRows.doc} -> ${field.name}) as n
        from ${resourceRows}
        where ${resourceRows.resource} = ${after.name} and ${resourceRows.isDel} = 0
          and jsonb_typeof(${resourceRows.doc} -> ${field.name}) <> 'null'
      ) t where n > 1`)) as unknown as { rows: { rows: number; ids: number[] | null }[] };
    const dupe = dupes.rows[0];
    if (dupe && dupe.rows > 0) {
      issues.push(
        keyed(`fields.${index}.unique`, 'declRowsShareValue', {
          count: dupe.rows,
          ids: idList(dupe.ids ?? [], dupe.rows),
        }),
      );
    }
  }
  return issues;
}

/** A deleted declaration takes its rows with it (the page asks for a typed confirmation). */
export async function dropRows(db: Database, name: string): Promise<number> {
  const result = (await db.execute(
    sql`delete from ${resourceRows} where ${resourceRows.resource} = ${name}`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** Live rows per configured resource, for the admin page's list. */
export async function liveRowCounts(db: Database): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select ${resourceRows.resource} as resource, count(*)::int as n from ${resourceRows}
    where ${resourceRows.isDel} = 0 group by ${resourceRows.resource}`)) as unknown as {
    rows: { resource: string; n: number }[];
  };
  return new Map(result.rows.map((r) => [r.resource, r.n]));
}
