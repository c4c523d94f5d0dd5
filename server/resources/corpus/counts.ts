import { sql, type SQL } from 'drizzle-orm';
import {
  COUNTED_STATUSES,
  corpusStateOf,
  type CorpusCounts,
  type CountName,
} from '../../../contract/corpus-counts';
import type { Database } from '../../db/client';

const NAMES = Object.keys(COUNTED_STATUSES) as CountName[];

type StatusCounts = Omit<CorpusCounts, 'annotators'>;

type Row = Record<string, unknown>;

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf(db: Database, statement: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
  return rows;
}

/** `count(*) filter (…)` per COUNTED_STATUSES entry, and the total: one pass over the items. */
const countColumns = sql.join(
  [
    sql`count(*)::int as "items"`,
    ...NAMES.map(
      (name) =>
        sql`(count(*) filter (where status in (${sql.join(
          COUNTED_STATUSES[name].map((s) => sql`${s}`),
          sql`, `,
        )})))::int as ${sql.identifier(name)}`,
    ),
  ],
  sql`, `,
);

/** The item counts of one set, as contract/corpus-counts.ts defines them. */
async function statusCounts(db: Database, corpusId: number): Promise<StatusCounts> {
  const [row = {}] = await rowsOf(
    db,
    sql`select ${countColumns} from corpus_items where corpus_id = ${corpusId}`,
  );
  const out = { items: Number(row.items ?? 0) } as StatusCounts;
  for (const name of NAMES) out[name] = Number(row[name] ?? 0);
  return out;
}

/** Per annotator of the set: the items carrying their label, and the name they last signed. */
async function annotatorCounts(
  db: Database,
  corpusId: number,
): Promise<CorpusCounts['annotators']> {
  const rows = await rowsOf(
    db,
    sql`
    select annotator_id as id,
      (array_agg(annotator_name order by annotator_name is null, updated_at desc))[1] as name,
      count(*)::int as labelled
    from corpus_labels
    where corpus_id = ${corpusId}
    group by annotator_id
    order by annotator_id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: typeof r.name === 'string' ? r.name : null,
    labelled: Number(r.labelled),
  }));
}

/** Every count of one set the console shows (`corpus/counts`), read now. */
export async function corpusCounts(db: Database, corpusId: number): Promise<CorpusCounts> {
  const counts = await statusCounts(db, corpusId);
  return { ...counts, annotators: await annotatorCounts(db, corpusId) };
}

/**
 * Recomputes the counts and state the given sets keep (DATA-MODEL.md "Corpus sets and items")
 * from their items, by the same definition as corpusCounts. Called in the transaction of every
 * item write, so a set's counts never disagree with its items. Only `updatedAt` moves besides
 * the counts: the version stays, so an operator editing the set's name is not refused (40900)
 * because someone annotated an item.
 */
export async function recountCorpora(db: Database, corpusIds: Iterable<number>): Promise<void> {
  // Ascending order: two transactions touching the same sets lock them in the same order.
  const ids = [...new Set(corpusIds)]
    .filter((id) => Number.isSafeInteger(id))
    .sort((a, b) => a - b);
  for (const id of ids) {
    // Lock first, count after: in READ COMMITTED each statement sees what committed before it
    // started, so a concurrent writer of this set is waited for and then counted.
    const [set] = await rowsOf(
      db,
      sql`select require_review from corpora where id = ${id} for update`,
    );
    if (!set) continue;
    const counts = await statusCounts(db, id);
    await db.execute(sql`
      update corpora set
        item_count = ${counts.items},
        annotated_count = ${counts.annotated},
        reviewed_count = ${counts.reviewed},
        state = ${corpusStateOf(counts, set.require_review === true)},
        updated_at = now()
      where id = ${id}`);
  }
}
