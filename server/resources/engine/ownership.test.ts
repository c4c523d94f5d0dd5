import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { apiPath } from '../../../contract/api';
import { promptCalls, prompts } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { addUser, useTestApp } from '../../test/harness';
import { builtInStores } from '../../test/stores';

interface Row {
  id: number;
  version: number;
  title: string;
  isPublic: number;
  ownerId: string | null;
}
interface Page<T> {
  list: T[];
  total: number;
}

/**
 * Personal templates are their owner's alone, the admin included, and their calls follow them.
 * Everything another account owns answers 40400.
 */
describeBackends('personal rows', (backend) => {
  const t = useTestApp(backend, {
    // A second ordinary user; the demo seed adds admin ('0') and user ('1').
    prepare: (db) => addUser(db, '2', 'other'),
  });
  const tokens: Record<string, string> = {};
  let mine: Row; // the demo user's new personal template
  let callId = 0; // a call of it
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
    const created = await t.post(
      apiPath('prompt', 'create'),
      { title: '私人模板', content: '只给我看', scope: 'personal' },
      { token: tokens.user },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    mine = created.body.data as Row;
    const [call] = await t.db
      .insert(promptCalls)
      .values({ title: '私人调用', templateId: mine.id, question: '问题', userId: '1' })
      .returning({ id: promptCalls.id });
    callId = call!.id as number;
  });
  const as = (who: string, path: string, body: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
  const titles = async (who: string, body: object) =>
    ((await as(who, 'prompt/page', { pageSize: 100, ...body })).body.data as Page<Row>).list.map(
      (r) => r.title,
    );

  it('sets the owner from the token and the scope’s values, whatever the body says', async () => {
    expect(mine).toMatchObject({ isPublic: 0, ownerId: '1' });
    const forged = await as('user', 'prompt/create', {
      title: 'x',
      content: 'y',
      ownerId: '0',
    });
    expect(forged.status).toBe(400);
    const mismatch = await as('user', 'prompt/create', {
      title: 'x',
      content: 'y',
      scope: 'public',
      isPublic: 0,
    });
    expect(mismatch.body.code).toBe(40000);
    expect(JSON.stringify(mismatch.body.data)).toContain('isPublic');
  });

  it('lists a personal template to its owner only, in no scope of anyone else', async () => {
    expect(await titles('user', { scope: 'personal' })).toContain('私人模板');
    for (const who of ['other', 'admin']) {
      expect(await titles(who, { scope: 'personal' })).not.toContain('私人模板');
      expect(await titles(who, {})).not.toContain('私人模板');
      expect(await titles(who, { keyword: '私人' })).toEqual([]);
      const filtered = await titles(who, {
        filters: [{ field: 'isPublic', operator: 'eq', value: 0 }],
      });
      expect(filtered).not.toContain('私人模板');
    }
  });

  it('answers 40400 to anyone else’s detail, update and delete, and changes nothing', async () => {
    for (const who of ['other', 'admin']) {
      expect((await as(who, 'prompt/detail', { id: mine.id })).body.code).toBe(40400);
      const update = await as(who, 'prompt/update', { id: mine.id, version: 1, title: 'stolen' });
      expect(update.body.code).toBe(40400);
      expect((await as(who, 'prompt/delete', { id: mine.id })).body.code).toBe(40400);
    }
    const [row] = await t.db.select().from(prompts).where(eq(prompts.id, mine.id));
    expect(row).toMatchObject({ title: '私人模板', version: 1 });
  });

  it('lets the owner read, change and delete it', async () => {
    expect((await as('user', 'prompt/detail', { id: mine.id })).body.data).toMatchObject({
      id: mine.id,
    });
    const updated = await as('user', 'prompt/update', { id: mine.id, version: 1, title: '改名' });
    expect(updated.body.data).toMatchObject({ title: '改名', version: 2, ownerId: '1' });
  });

  it('shows platform templates to every account, whoever wrote them', async () => {
    const shared = await titles('other', { scope: 'public' });
    expect(shared.length).toBeGreaterThan(0);
    expect(await titles('admin', { scope: 'public' })).toEqual(shared);
    expect(await titles('user', { scope: 'public' })).toEqual(shared);
  });

  it('keeps the demo user’s seeded personal templates from everyone else', async () => {
    const seeded = await titles('user', { scope: 'personal' });
    expect(seeded).toContain('我的周报模板');
    expect(await titles('other', { scope: 'personal' })).toEqual([]);
  });

  it('hides the calls of a personal template from everyone but its owner', async () => {
    const callTitles = async (who: string) =>
      (
        (await as(who, 'prompt/call/page', { pageSize: 100 })).body.data as Page<{
          title: string;
        }>
      ).list.map((r) => r.title);
    expect(await callTitles('user')).toContain('私人调用');
    for (const who of ['other', 'admin']) {
      expect(await callTitles(who)).not.toContain('私人调用');
      expect((await callTitles(who)).length).toBeGreaterThan(0); // platform calls stay visible
      expect((await as(who, 'prompt/call/detail', { id: callId })).body.code).toBe(40400);
      const reassess = await as(who, 'prompt/call/update', {
        id: callId,
        version: 1,
        assessment: 2,
      });
      expect(reassess.body.code).toBe(40400);
    }
    const [call] = await t.db.select().from(promptCalls).where(eq(promptCalls.id, callId));
    expect(call).toMatchObject({ assessment: 0, version: 1 });
  });

  it('rejects an unknown scope with 40000 naming it', async () => {
    const res = await as('user', 'prompt/page', { scope: 'everyone' });
    expect(res.body.code).toBe(40000);
    expect(JSON.stringify(res.body.data)).toContain('scope');
  });

  it('builds one detail statement for every caller, and each still sees only their rows', async () => {
    // A store of its own over the app's database, so the spy sees its first build.
    const store = builtInStores(() => t.db)('prompt');
    const built = vi.spyOn(store, 'selection');
    for (let round = 0; round < 3; round++) {
      expect(await store.detail(mine.id, { id: '1', role: 'user' })).toMatchObject({
        id: mine.id,
        ownerId: '1',
      });
      await expect(store.detail(mine.id, { id: '2', role: 'user' })).rejects.toMatchObject({
        code: 40400,
      });
      await expect(store.detail(mine.id, { id: '0', role: 'admin' })).rejects.toMatchObject({
        code: 40400,
      });
    }
    expect(built).toHaveBeenCalledTimes(1);
  });
});
