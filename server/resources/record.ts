import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepareByText, preparedPer } from '../db/prepared';
import { recordMessages } from '../db/schema';
import type { Behaviour } from './behaviours';

/** A session's messages in order, prepared once per database handle (server/db/prepared.ts). */
const messagesOf = preparedPer((db: Database) =>
  prepareByText(
    'record_messages',
    db
      .select()
      .from(recordMessages)
      .where(eq(recordMessages.recordId, sql.placeholder('id')))
      .orderBy(asc(recordMessages.seq)),
  ),
);

/** A session's detail is its transcript: the record and its messages in order. */
export const recordBehaviour: Behaviour = {
  async detail(store, id, caller) {
    const record = await store.detail(id, caller);
    const rows = await messagesOf(store.db).execute({ id });
    const messages = rows.map(({ recordId: _recordId, ...m }) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
    }));
    return { ...record, messages };
  },
};
