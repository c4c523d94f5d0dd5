import { beforeAll, expect, it } from 'vitest';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { builtInStores, demoUserCaller } from '../../test/stores';
import type { Caller } from './visibility';

/**
 * `detailText` is the statement a detail runs, so bench/api-load.ts's "bare route + the scene
 * detail's statement" measures the floor of the very query the console sends.
 */
describeBackends('a detail statement given as text', (backend) => {
  const t = useTestApp(backend);
  const store = builtInStores(() => t.db);
  let user: Caller;
  beforeAll(async () => {
    user = await demoUserCaller(t.db);
  });

  it.each(['scene', 'prompt', 'prompt-call', 'record'])(
    'finds the row the detail answers, by id and caller (%s)',
    async (name) => {
      const s = store(name);
      const [first] = (await s.page({ current: 1, pageSize: 1 }, user)).list;
      expect(first).toBeDefined();
      const id = first!.id as number;
      const { text, placeholders } = s.detailText();
      // The caller may be read more than once (a reference's visibility and the row's).
      expect(placeholders).toContain('id');
      expect(new Set(placeholders).size).toBeLessThanOrEqual(2);
      expect(placeholders.every((p) => p === 'id' || p === 'caller')).toBe(true);
      const client = (
        t.db as unknown as {
          $client: { query(text: string, values: unknown[]): Promise<{ rows: object[] }> };
        }
      ).$client;
      const values = placeholders.map((p) => (p === 'id' ? id : user.id));
      const { rows } = await client.query(text, values);
      expect(rows).toHaveLength(1);
      expect((rows[0] as { id: unknown }).id).toBe(id);
      expect((await s.detail(id, user)).id).toBe(id);
      // And it finds nothing for an id that is not there.
      const { rows: none } = await client.query(
        text,
        placeholders.map((p) => (p === 'id' ? -1 : user.id)),
      );
      expect(none).toHaveLength(0);
    },
  );
});
