import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../db/client';
import { describeBackends, useTestDatabase } from '../test/backends';
import { IngestWriter, type Accepted, type CallRow } from './ingest-store';

/**
 * The writer of ingested events: requests arriving while a transaction is written share the
 * next one, each event is stored once, and one request's failure is its own.
 */
describeBackends('ingest writer', (backend) => {
  const t = useTestDatabase(backend);

  const row = (question: string, extra: Partial<CallRow> = {}): CallRow => ({
    title: 'Writer test',
    template_id: 1,
    question,
    answer: 'an answer',
    variables: null,
    call_time: new Date().toISOString(),
    user_id: 'writer-user',
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
    scene_code: null,
    model_type: 'CHATGPT',
    model_version: null,
    template_version: null,
    latency_ms: null,
    ...extra,
  });
  const calls = (prefix: string, n: number): Accepted[] =>
    Array.from({ length: n }, (_, i) => ({
      index: i,
      id: `${prefix}-${i}`,
      type: 'call' as const,
      row: row(`${prefix}-${i}`),
    }));
  const stored = async (prefix: string) => {
    const result = (await t.db.execute(
      sql`select count(*)::int n from prompt_calls where question like ${`${prefix}-%`}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  /** The database, counting the transactions begun through it. */
  const counted = (db: Database) => {
    const counter = { transactions: 0 };
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'transaction') {
          return (...args: Parameters<Database['transaction']>) => {
            counter.transactions += 1;
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { db: proxy, counter };
  };

  it('writes the requests that wait for a transaction together, each event once', async () => {
    const { db, counter } = counted(t.db);
    const writer = new IngestWriter(db);
    const a = calls('group-a', 3);
    const b = calls('group-b', 3);
    await Promise.all([
      writer.write('key-1', a),
      writer.write('key-1', b),
      // The same events again from another sender, waiting in the same group as the first.
      writer.write('key-2', [...b, ...calls('group-c', 2)]),
      writer.write('key-2', a),
    ]);
    // The first request alone, then the three that arrived while it was being written.
    expect(counter.transactions).toBe(2);
    expect(await stored('group-a')).toBe(3);
    expect(await stored('group-b')).toBe(3);
    expect(await stored('group-c')).toBe(2);
  });

  it('stores a group of calls, sessions and messages, each id once whatever its type', async () => {
    const writer = new IngestWriter(t.db);
    const at = new Date();
    const session: Accepted = {
      index: 0,
      id: 'mixed-session',
      type: 'session',
      at,
      body: { chatId: 'mixed-chat', title: 'Mixed' },
    };
    const message: Accepted = {
      index: 1,
      id: 'mixed-message',
      type: 'message',
      at,
      body: { chatId: 'mixed-chat', role: 'user', content: 'hello', tokens: 3 },
    };
    await Promise.all([
      writer.write('key-1', [session, ...calls('mixed', 2), message]),
      // The same ids again, one of them now as a call: the first arrival is the one stored.
      writer.write('key-2', [{ ...calls('mixed-dup', 1)[0]!, id: 'mixed-session' }, message]),
    ]);
    await writer.write('key-1', [...calls('mixed', 2), message]);
    expect(await stored('mixed')).toBe(2);
    expect(await stored('mixed-dup')).toBe(0);
    const chat = (await t.db.execute(sql`
      select r.title, r.message_count,
        (select count(*)::int from record_messages m where m.record_id = r.id) messages
      from records r where r.chat_id = 'mixed-chat'`)) as unknown as {
      rows: { title: string; message_count: number; messages: number }[];
    };
    expect(chat.rows).toEqual([{ title: 'Mixed', message_count: 1, messages: 1 }]);
  });

  it('keeps a group within its size: a request that would pass it waits for the next', async () => {
    const { db, counter } = counted(t.db);
    const writer = new IngestWriter(db, 5);
    await Promise.all([
      writer.write('key-1', calls('size-a', 2)),
      writer.write('key-1', calls('size-b', 3)),
      writer.write('key-1', calls('size-c', 3)),
      writer.write('key-1', calls('size-d', 2)),
    ]);
    // a alone; b and c cannot share a group of five; c and d can.
    expect(counter.transactions).toBe(3);
    for (const prefix of ['size-a', 'size-b', 'size-c', 'size-d']) {
      expect(await stored(prefix)).toBeGreaterThan(0);
    }
  });

  it('the calls’ trigram indexes keep a short pending list on PGlite only', async () => {
    const result = (await t.db.execute(sql`
      select relname, coalesce(array_to_string(reloptions, ','), '') options from pg_class
      where relname in ('prompt_calls_question_trgm_idx', 'records_title_trgm_idx')
      order by relname`)) as unknown as { rows: { relname: string; options: string }[] };
    const expected = backend.name === 'pglite' ? 'gin_pending_list_limit=256' : '';
    expect(result.rows.map((r) => r.options)).toEqual([expected, expected]);
  });

  it('fails only the request whose events the database refused', async () => {
    const writer = new IngestWriter(t.db);
    const bad: Accepted[] = [
      { index: 0, id: 'bad-0', type: 'call', row: row('bad-0', { title: 'x'.repeat(300) }) },
    ];
    const first = writer.write('key-1', calls('first', 1));
    const results = await Promise.allSettled([
      writer.write('key-1', calls('good-1', 2)),
      writer.write('key-1', bad),
      writer.write('key-1', calls('good-2', 2)),
    ]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('good-1')).toBe(2);
    expect(await stored('good-2')).toBe(2);
    expect(await stored('bad')).toBe(0);
    // The refused request's event ids were not kept: corrected, it may be sent again.
    const again = [{ ...bad[0]!, row: row('bad-0') }];
    await writer.write('key-1', again);
    expect(await stored('bad')).toBe(1);
  });
});
