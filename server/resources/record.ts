import { asc, eq } from 'drizzle-orm';
import { recordMessages } from '../db/schema';
import type { Behaviour } from './behaviours';

/** A session's detail is its transcript: the record and its messages in order. */
export const recordBehaviour: Behaviour = {
  async detail(store, id, caller) {
    const record = await store.detail(id, caller);
    const rows = await store.db
      .select()
      .from(recordMessages)
      .where(eq(recordMessages.recordId, id))
      .orderBy(asc(recordMessages.seq));
    const messages = rows.map(({ recordId: _recordId, ...m }) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
    }));
    return { ...record, messages };
  },
};
