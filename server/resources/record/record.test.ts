import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { recordMessages, records } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

type Message = Record<string, unknown> & { seq: number };

/** record/detail: the session with its transcript, read in one statement (record.ts). */
describeBackends('a session record’s detail', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let recordId = 0;
  let emptyId = 0;
  beforeAll(async () => {
    token = await t.login('user');
    const [owner] = await t.db.select({ userId: records.userId }).from(records).limit(1);
    const [full, empty] = await t.db
      .insert(records)
      .values([
        {
          chatId: 'transcript-full',
          title: '转写测试',
          sceneCode: 'transcript',
          userId: owner!.userId,
        },
        {
          chatId: 'transcript-empty',
          title: '没有消息',
          sceneCode: 'transcript',
          userId: owner!.userId,
        },
      ])
      .returning({ id: records.id });
    recordId = Number(full!.id);
    emptyId = Number(empty!.id);
    // Out of order on purpose; a quote, a backslash and a newline in the content.
    await t.db.insert(recordMessages).values([
      {
        recordId,
        seq: 2,
        role: 'assistant',
        content: '回答 "引号" \\ 反斜杠\n换行',
        createdAt: new Date('2026-03-04T05:06:07.999Z'),
        promptTokens: 12,
        completionTokens: 34,
        feedback: 'like',
        feedbackNote: '好',
      },
      {
        recordId,
        seq: 1,
        role: 'user',
        content: '问题',
        createdAt: new Date('2026-03-04T05:06:07Z'),
      },
      {
        recordId,
        seq: 3,
        role: 'system',
        content: '',
        createdAt: new Date('1999-12-31T23:59:59.5Z'),
      },
    ]);
  });

  const detail = (id: number) => t.post(apiPath('record', 'detail'), { id }, { token });

  it('answers the messages in order, each as its row reads (createdAt in ISO, no recordId)', async () => {
    const answer = await detail(recordId);
    expect(answer.body.code).toBe(Code.OK);
    const rows = await t.db
      .select()
      .from(recordMessages)
      .where(eq(recordMessages.recordId, recordId))
      .orderBy(asc(recordMessages.seq));
    const expected = rows.map(({ recordId: _recordId, ...m }) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
    }));
    const messages = (answer.body.data as { messages: Message[] }).messages;
    expect(messages).toEqual(expected);
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(Object.keys(messages[0]!)).toEqual(Object.keys(expected[0]!));
    expect(answer.body.data).toMatchObject({ id: recordId, title: '转写测试' });
  });

  it('cuts microseconds as the driver’s Date does', async () => {
    // A time the server's own writes never make (they come from a Date) but SQL can.
    await t.db.execute(
      sql`update record_messages set created_at = '2026-03-04 05:06:07.123987+00'
          where record_id = ${recordId} and seq = 1`,
    );
    const [row] = await t.db
      .select({ createdAt: recordMessages.createdAt })
      .from(recordMessages)
      .where(eq(recordMessages.recordId, recordId))
      .orderBy(asc(recordMessages.seq))
      .limit(1);
    const messages = ((await detail(recordId)).body.data as { messages: Message[] }).messages;
    expect(messages[0]!.createdAt).toBe(row!.createdAt.toISOString());
    expect(messages[0]!.createdAt).toBe('2026-03-04T05:06:07.123Z');
  });

  it('answers an empty transcript as [] and a missing record as 40400', async () => {
    const empty = await detail(emptyId);
    expect(empty.body.code).toBe(Code.OK);
    expect((empty.body.data as { messages: unknown[] }).messages).toEqual([]);
    const missing = await detail(2_000_000_000);
    expect(missing.body.code).toBe(Code.NOT_FOUND);
  });
});
