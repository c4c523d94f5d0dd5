import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ingestMessage, ingestSession } from '../../contract/ingest';
import { normalizeTags } from '../../contract/tags';
import type { Database } from '../db/client';
import { recordMessages, records } from '../db/schema';

export type SessionBody = z.infer<typeof ingestSession>;
export type MessageBody = z.infer<typeof ingestMessage>;

/** A call's row, in the columns the insert names (CALL_COLUMNS). */
export interface CallRow {
  title: string;
  template_id: number;
  question: string;
  answer: string | null;
  variables: { name: string; value: string }[] | null;
  call_time: string;
  user_id: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  scene_code: string | null;
  model_type: string;
  model_version: string | null;
  template_version: number | null;
  latency_ms: number | null;
}

/** The calls' columns with their types, as the JSON of the rows is read into them. */
const CALL_COLUMN_TYPES = [
  ['title', 'varchar(128)'],
  ['template_id', 'integer'],
  ['question', 'text'],
  ['answer', 'text'],
  ['variables', 'jsonb'],
  ['call_time', 'timestamptz'],
  ['user_id', 'varchar(64)'],
  ['prompt_tokens', 'integer'],
  ['completion_tokens', 'integer'],
  ['total_tokens', 'integer'],
  ['scene_code', 'varchar(64)'],
  ['model_type', 'varchar(16)'],
  ['model_version', 'varchar(64)'],
  ['template_version', 'integer'],
  ['latency_ms', 'integer'],
] as const;
const CALL_COLUMNS = sql.raw(CALL_COLUMN_TYPES.map(([name, type]) => `${name} ${type}`).join(', '));
const CALL_NAMES = sql.raw(CALL_COLUMN_TYPES.map(([name]) => name).join(', '));
const CALL_SELECTED = sql.raw(CALL_COLUMN_TYPES.map(([name]) => `c.${name}`).join(', '));

/** An event that passed every check, ready to store. */
export type Accepted =
  | { index: number; id: string; type: 'call'; row: CallRow }
  | { index: number; id: string; type: 'session'; at: Date; body: SessionBody }
  | { index: number; id: string; type: 'message'; at: Date; body: MessageBody };

async function storeSession(db: Database, body: SessionBody, at: Date): Promise<void> {
  const createdAt = body.createdAt ? new Date(body.createdAt) : at;
  const modifiedAt = body.modifiedAt ? new Date(body.modifiedAt) : createdAt;
  const tags = body.tags ? normalizeTags(body.tags) : undefined;
  await db
    .insert(records)
    .values({
      chatId: body.chatId,
      title: body.title ?? body.chatId,
      sceneCode: body.sceneCode ?? null,
      userId: body.userId ?? null,
      tag: tags ?? [],
      createdAt,
      modifiedAt,
    } as typeof records.$inferInsert)
    .onConflictDoUpdate({
      target: records.chatId,
      set: {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.userId !== undefined ? { userId: body.userId } : {}),
        ...(tags ? { tag: tags } : {}),
        ...(body.modifiedAt ? { modifiedAt } : {}),
        updatedAt: new Date(),
        version: sql`${records.version} + 1`,
      } as Partial<typeof records.$inferInsert>,
    });
}

async function storeMessage(db: Database, body: MessageBody, at: Date): Promise<void> {
  const time = body.time ? new Date(body.time) : at;
  const tokens = body.tokens ?? 0;
  // A message for a session not seen yet opens it, titled by its first words.
  const [session] = await db
    .insert(records)
    .values({
      chatId: body.chatId,
      title: body.content.trim().slice(0, 50) || body.chatId,
      sceneCode: null,
      tag: [],
      createdAt: time,
      modifiedAt: time,
      messageCount: 1,
      totalTokens: tokens,
    } as typeof records.$inferInsert)
    .onConflictDoUpdate({
      target: records.chatId,
      set: {
        messageCount: sql`${records.messageCount} + 1`,
        totalTokens: sql`${records.totalTokens} + ${tokens}`,
        modifiedAt: sql`greatest(${records.modifiedAt}, ${time.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
        version: sql`${records.version} + 1`,
      } as Partial<typeof records.$inferInsert>,
    })
    .returning({ id: records.id });
  const recordId = session!.id as number;
  const [last] = await db
    .select({ seq: sql<number>`coalesce(max(${recordMessages.seq}), 0)` })
    .from(recordMessages)
    .where(eq(recordMessages.recordId, recordId));
  await db.insert(recordMessages).values({
    recordId,
    seq: Number(last?.seq ?? 0) + 1,
    role: body.role,
    content: body.content,
    createdAt: time,
    promptTokens: body.role === 'assistant' ? 0 : tokens,
    completionTokens: body.role === 'assistant' ? tokens : 0,
  });
}

/** The accepted events of one request, and the key that sent them. */
export interface IngestWrite {
  keyId: string;
  events: readonly Accepted[];
}

/**
 * Stores the events of one or more requests in one transaction, each event once by its id: an
 * event stored before, or twice in the group, is stored by its first arrival only.
 */
async function storeGroup(db: Database, group: readonly IngestWrite[]): Promise<void> {
  const seen = new Set<string>();
  const calls: { event_id: string; key_id: string; row: CallRow }[] = [];
  const others: { keyId: string; event: Exclude<Accepted, { type: 'call' }> }[] = [];
  for (const { keyId, events } of group) {
    for (const event of events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      if (event.type === 'call') calls.push({ event_id: event.id, key_id: keyId, row: event.row });
      else others.push({ keyId, event });
    }
  }
  await db.transaction(async (tx) => {
    // Concurrent senders of the same event: the second insert waits for the first's
    // transaction and then finds the id taken, so the event is stored by one of them only.
    if (calls.length) {
      // One statement records the ids and inserts the calls whose id was new. The calls are
      // priced here for the whole batch at once, by the same rule as the table's per-row
      // trigger (the version's price in effect at the call time, else 0), which this insert
      // skips by giving the cost; the rollup triggers count the calls as every call is.
      const rows = calls.map((c) => ({ event_id: c.event_id, key_id: c.key_id, ...c.row }));
      await tx.execute(sql`
        with incoming as (
          select * from json_to_recordset(${JSON.stringify(rows)}::json)
            as c(event_id varchar(128), key_id text, ${CALL_COLUMNS})),
        fresh as (
          insert into ingest_events (event_id, key_id, type)
          select event_id, key_id, 'call' from incoming
          on conflict do nothing
          returning event_id),
        prices as (
          select v.model_type, v.version, p.prompt_price, p.completion_price, p.effective_from,
            lead(p.effective_from, 1, 'infinity') over (partition by v.id order by p.effective_from) as until
          from model_versions v join model_version_prices p on p.model_version_id = v.id)
        insert into prompt_calls (${CALL_NAMES}, cost)
        select ${CALL_SELECTED},
          coalesce(round((c.prompt_tokens * p.prompt_price + c.completion_tokens * p.completion_price) / 1000.0, 6), 0)
        from incoming c join fresh f on f.event_id = c.event_id
        left join prices p on p.model_type = c.model_type and p.version = c.model_version
          and c.call_time >= p.effective_from and c.call_time < p.until`);
    }
    if (!others.length) return;
    // Each array is one parameter: a thousand rows cost one bound value, not thousands.
    const fresh = (await tx.execute(sql`
      insert into ingest_events (event_id, key_id, type)
      select id, key_id, type
      from unnest(${sql.param(others.map((e) => e.event.id))}::text[],
        ${sql.param(others.map((e) => e.keyId))}::text[],
        ${sql.param(others.map((e) => e.event.type))}::text[])
        as e(id, key_id, type)
      on conflict do nothing
      returning event_id`)) as unknown as { rows: { event_id: string }[] };
    const firstTime = new Set(fresh.rows.map((r) => r.event_id));
    for (const { event } of others) {
      if (!firstTime.has(event.id)) continue;
      if (event.type === 'session') await storeSession(tx, event.body, event.at);
      else await storeMessage(tx, event.body, event.at);
    }
  });
}

interface Waiting extends IngestWrite {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One writer of ingested events per database. Every batch of calls adds to the same statistics
 * rollup rows, which a transaction holds until it commits, so batches written side by side end
 * one at a time anyway. Here the requests that arrive while a transaction is being written wait
 * and go together into the next one: one insert, one rollup update and one commit for all.
 */
export class IngestWriter {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Database,
    private readonly maxEvents = 10_000,
  ) {}

  /** Resolves once the events are committed; rejects when their own transaction failed. */
  write(keyId: string, events: readonly Accepted[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ keyId, events, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length) {
      let size = this.waiting[0]!.events.length;
      let count = 1;
      while (
        count < this.waiting.length &&
        size + this.waiting[count]!.events.length <= this.maxEvents
      ) {
        size += this.waiting[count]!.events.length;
        count += 1;
      }
      const group = this.waiting.splice(0, count);
      try {
        await storeGroup(this.db, group);
        for (const w of group) w.resolve();
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        // One request's events must not fail the others': each is tried again on its own.
        else for (const w of group) await storeGroup(this.db, [w]).then(w.resolve, w.reject);
      }
    }
    this.writing = false;
  }
}

const writers = new WeakMap<Database, IngestWriter>();

export function ingestWriter(db: Database): IngestWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new IngestWriter(db)));
  return writer;
}
