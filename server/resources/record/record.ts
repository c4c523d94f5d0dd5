import { eq, sql } from 'drizzle-orm';
import { recordMessages as m } from '../../db/schema';
import type { Behaviour } from '../engine/behaviour';
import type { DetailExtra } from '../engine/store';

/**
 * A session's messages in order (keys as contract messageSchema, `createdAt` as toISOString
 * writes it), one JSON array selected beside the record so the detail is one statement. Built
 * with drizzle's builder so its condition names the record's id with its table; in a bare `sql`
 * subquery `"id"` would be the message's own.
 */
export const TRANSCRIPT: DetailExtra = {
  key: 'transcript',
  select: (store) => {
    const messages = store.db
      .select({
        list: sql`json_agg(json_build_object(
          'id', ${m.id}, 'seq', ${m.seq}, 'role', ${m.role}, 'content', ${m.content},
          'createdAt', to_char(${m.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'promptTokens', ${m.promptTokens}, 'completionTokens', ${m.completionTokens},
          'feedback', ${m.feedback}, 'feedbackNote', ${m.feedbackNote}
        ) order by ${m.seq})`,
      })
      .from(m)
      .where(eq(m.recordId, store.col('id')));
    return { messages: sql<unknown[]>`coalesce((${messages}), '[]'::json)`.as('messages') };
  },
};

/** A session's detail is its transcript: the record and its messages in order. */
export const recordBehaviour: Behaviour = {
  detail: (store, id, caller) => store.detailWith(id, caller, TRANSCRIPT),
};
