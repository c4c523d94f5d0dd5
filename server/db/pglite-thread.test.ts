import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';
import { PgliteThread } from './pglite-thread';

describe('PgliteThread', () => {
  let thread: PgliteThread;

  beforeAll(async () => {
    thread = await PgliteThread.open({ dataDir: 'memory://', migrationsFolder: MIGRATIONS_FOLDER });
    await thread.query('create table things (id int primary key, name text not null)');
  });
  afterAll(async () => {
    await thread.close();
  });

  it('migrates before it opens, and answers rows as objects or arrays', async () => {
    const migrated = await thread.query(`select to_regclass('public.scenes') is not null as ok`);
    expect(migrated.rows).toEqual([{ ok: true }]);
    const arrays = await thread.query('select $1::int + 1 as n, $2::text as t', [1, 'a'], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[2, 'a']]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['n', 't']);
  });

  it('keeps a type as text when the parser asked for keeps it, and refuses any other parser', async () => {
    const kept = await thread.query(`select timestamptz '2026-01-02 03:04:05+00' as at`, [], {
      parsers: { 1184: (value: string) => value },
    });
    expect(typeof (kept.rows[0] as { at: unknown }).at).toBe('string');
    const parsed = await thread.query(`select timestamptz '2026-01-02 03:04:05+00' as at`);
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(() =>
      thread.query('select 1', [], { parsers: { 1184: (value: string) => value.length } }),
    ).toThrow(/database thread/);
  });

  it("gives a failed statement's database fields back", async () => {
    await thread.query(`insert into things values (1, 'one')`);
    const error = await thread.query(`insert into things values (1, 'again')`).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey' });
    expect(String(error.detail)).toContain('(id)=(1)');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const kept = await thread.transaction(async (tx) => {
      await tx.query(`insert into things values (2, 'two')`);
      return (await tx.query('select count(*)::int as n from things')).rows;
    });
    expect(kept).toEqual([{ n: 2 }]);
    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into things values (3, 'three')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const { rows } = await thread.query('select id from things order by id');
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs a statement asked during a transaction after it ends, seeing what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query(`insert into things values (4, 'four')`);
      await held;
    });
    // Give the transaction time to begin before the outside statement is asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = thread.query('select count(*)::int as n from things where id = 4');
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('delivers notifications until unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await thread.listen('thread_test', (payload) => heard.push(payload));
    await thread.query(`select pg_notify('thread_test', 'a')`);
    expect(heard).toEqual(['a']);
    await unlisten();
    await thread.query(`select pg_notify('thread_test', 'b')`);
    expect(heard).toEqual(['a']);
  });
});

describe('PgliteThread on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what was committed across a close and an open', async () => {
    const first = await PgliteThread.open({ dataDir: dir, migrationsFolder: MIGRATIONS_FOLDER });
    await first.query('create table kept (n int)');
    await first.query('insert into kept values (7)');
    await first.close();
    const second = await PgliteThread.open({ dataDir: dir, migrationsFolder: MIGRATIONS_FOLDER });
    try {
      expect((await second.query('select n from kept')).rows).toEqual([{ n: 7 }]);
    } finally {
      await second.close();
    }
  });

  it('fails what is asked once closed, and a start that cannot migrate', async () => {
    const thread = await PgliteThread.open({
      dataDir: 'memory://',
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    await thread.close();
    await expect(thread.query('select 1')).rejects.toThrow(/database thread stopped/);
    await expect(
      PgliteThread.open({ dataDir: 'memory://', migrationsFolder: join(dir, 'missing') }),
    ).rejects.toThrow();
  });
});
