import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Recomputes the counts and state of the given sets from their items (DATA-MODEL.md "Corpus
 * sets and items"). Called in the transaction of every item write, so a set's counts never
 * disagree with its items. Only `updatedAt` moves besides the counts: the version stays, so an
 * operator editing the set's name is not refused (40900) because someone annotated an item.
 */
export async function recountCorpora(db: Database, corpusIds: Iterable<number>): Promise<void> {
  // Ascending order: two transactions touching the same sets lock them in the same order.
  const ids = [...new Set(corpusIds)]
    .filter((id) => Number.isSafeInteger(id))
    .sort((a, b) => a - b);
  for (const id of ids) {
    // Lock first, count after: in READ COMMITTED each statement sees what committed before it
    // started, so a concurrent writer of this set is waited for and then counted.
    await db.execute(sql`select id from corpora where id = ${id} for update`);
    await db.execute(sql`
      update corpora c set
        item_count = s.total,
        annotated_count = s.annotated,
        reviewed_count = s.reviewed,
        state = case
          when s.annotated = 0 then 'pending'
          when s.annotated = s.total
            and (not coalesce(c.require_review, false) or s.reviewed = s.total) then 'done'
          else 'marking'
        end,
        updated_at = now()
      from (
        select
          count(*)::int as total,
          (count(*) filter (where status in ('annotated', 'reviewed')))::int as annotated,
          (count(*) filter (where status = 'reviewed'))::int as reviewed
        from corpus_items
        where corpus_id = ${id}
      ) s
      where c.id = ${id}`);
  }
}
