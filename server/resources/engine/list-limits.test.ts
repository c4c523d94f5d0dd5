import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { POSTGRES_SKIP_REASON, testBackends } from '../../test/backends';
import { useTestApp, type Answer } from '../../test/harness';
import { holdTableLock } from '../../test/table-lock';
import { listConnectionsFor } from './paging';

/**
 * One slow list must not stall the console. Lists get a pool of LIST_CONNECTIONS connections
 * (here 2) and wait at most LIST_TIMEOUT_MS for one; a detail by id still finds a connection
 * while every list is stuck. PostgreSQL only: PGlite runs one statement at a time whatever
 * the bound (main.ts sets no bound there).
 */
const LIST_TIMEOUT_MS = 1_500;
const postgres = testBackends().find((b) => b.name === 'postgres');

it('a pool leaves a quarter of its connections (at least 2) to everything but lists', () => {
  expect(listConnectionsFor(10)).toBe(7);
  expect(listConnectionsFor(4)).toBe(2);
  expect(listConnectionsFor(2)).toBe(1);
  expect(listConnectionsFor(40)).toBe(30);
});

if (!postgres) {
  describe('bounded lists [postgres]', () => it.skip(POSTGRES_SKIP_REASON, () => {}));
} else {
  describe('bounded lists [postgres]', () => {
    const t = useTestApp(postgres, {
      lists: { connections: 2, timeoutMs: LIST_TIMEOUT_MS },
    });
    let token = '';
    let sceneId = 0;
    beforeAll(async () => {
      token = await t.login('admin');
      const page = await t.post(apiPath('scene', 'page'), { current: 1, pageSize: 1 }, { token });
      sceneId = (page.body.data as { list: { id: number }[] }).list[0]!.id;
    });

    it('a detail answers at once while lists are stuck, and every list answers 50300 in bounded time', async () => {
      const calls = apiPath('prompt', 'call', 'page');
      // A first list learns the table's size, so the stuck ones below are stuck on its rows.
      expect((await t.post(calls, { current: 1, pageSize: 5 }, { token })).body.code).toBe(0);

      // Another session holds the calls table: every list of calls waits for its lock, holding
      // its connection, as a slow list does.
      const release = await holdTableLock(t.db, 'prompt_calls');
      let lists: Promise<Answer & { ms: number }>[] = [];
      try {
        const started = performance.now();
        lists = Array.from({ length: 6 }, () =>
          t
            .post(calls, { current: 1, pageSize: 4 }, { token })
            .then((a) => ({ ...a, ms: performance.now() - started })),
        );
        await new Promise((r) => setTimeout(r, 200));

        // Two lists hold the lists' two connections; the lock holds one of the main pool. The
        // detail and its session lookup share the others.
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          const detail = await t.post(apiPath('scene', 'detail'), { id: sceneId }, { token });
          expect(detail.body.code).toBe(0);
          expect(performance.now() - t0).toBeLessThan(500);
        }

        // Every list answers 50300 queryTimeout (never 500) while the lock still holds: the
        // four beyond the bound after waiting LIST_TIMEOUT_MS for a connection, the two running
        // when their statement reaches the lists' statement_timeout (LIST_TIMEOUT_MS too). A
        // waiter that gets a freed connection then times out on its statement: no list
        // outlives two timeouts.
        const answered = await Promise.all(lists);
        expect(answered.map((a) => [a.status, a.body.code])).toEqual(
          Array.from({ length: 6 }, () => [503, Code.UNAVAILABLE]),
        );
        for (const answer of answered) {
          expect(answer.ms).toBeGreaterThanOrEqual(LIST_TIMEOUT_MS - 50);
          expect(answer.ms).toBeLessThan(LIST_TIMEOUT_MS * 2 + 1_000);
        }
      } finally {
        await release();
      }
      // Released: lists answer normally again.
      const answers = await Promise.all([
        t.post(calls, { current: 1, pageSize: 5 }, { token }),
        t.post(apiPath('scene', 'page'), { current: 1, pageSize: 5 }, { token }),
      ]);
      for (const answer of answers) expect(answer.body.code).toBe(0);
    });
  });
}
