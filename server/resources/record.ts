import { sql } from 'drizzle-orm';
import { recordMessages as m } from '../db/schema';
import type { Behaviour } from './behaviours';
import type { DetailExtra } from './store';

/**
 * A session's messages in order, as one JSON array selected beside the record: the detail is
 * one statement (one round trip, one bind and execute) instead of the record's and then the
 * messages'. The keys and their order are the answer's (contract messageSchema); `createdAt` is
 * written as `Date.toISOString` writes it (UTC, milliseconds cut, as the driver's Date cuts them).
 * The record's id is named with its table: drizzle writes a column of a one-table select bare,
 * which inside the subquery would be the message's own id.
 */
export const TRANSCRIPT: DetailExtra = {
  key: 'transcript',
  select: (store) => ({
    messages: sql<unknown[]>`coalesce((select json_agg(json_build_object(
        'id', ${m.id}, 'seq', ${m.seq}, 'role', ${m.role}, 'content', ${m.content},
        'createdAt', to_char(${m.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'promptTokens', ${m.promptTokens}, 'completionTokens', ${m.completionTokens},
        'feedback', ${m.feedback}, 'feedbackNote', ${m.feedbackNote}
      ) order by ${m.seq}) from ${m} where ${m.recordId} = ${store.table}.${sql.identifier(store.col('id').name)}), '[]'::json)`.as(
      'messages',
    ),
  }),
};

/** A session's detail is its transcript: the record and its messages in order. */
export const recordBehaviour: Behaviour = {
  detail: (store, id, caller) => store.detailWith(id, caller, TRANSCRIPT),
};
