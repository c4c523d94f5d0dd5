import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { scenes } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

const API = '/api/manage/v1/scene';

interface Scene {
  id: number;
  version: number;
  sceneName: string;
  sceneCode: string;
  type: number;
  description: string | null;
  templateId: number | null;
  isDel: number;
  createdAt: string;
  updatedAt: string;
}
interface Page {
  list: Scene[];
  total: number;
}
interface Issues {
  issues: { field: string; message: string }[];
}

describeBackends('scene CRUD', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
  });
  const call = (action: string, body?: unknown, lang?: string) =>
    t.post(`${API}/${action}`, body, { token, ...(lang ? { lang } : {}) });
  const sceneRows = async () => (await t.db.select({ n: count() }).from(scenes))[0]?.n ?? 0;
  const create = async (body: Record<string, unknown>) => {
    const res = await call('create', body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data as Scene;
  };

  /** Live scenes in the database (of one type), counted apart from the API under test. */
  const liveScenes = async (type?: number) => {
    const rows = await t.db
      .select({ n: count() })
      .from(scenes)
      .where(and(eq(scenes.isDel, 0), type === undefined ? undefined : eq(scenes.type, type)));
    return rows[0]?.n ?? 0;
  };

  it('lists the seeded scenes newest first with a total', async () => {
    const res = await call('page', { current: 1, pageSize: 5 });
    expect(res.status).toBe(200);
    const page = res.body.data as Page;
    expect(page.total).toBe(await liveScenes());
    expect(page.list).toHaveLength(5);
    const times = page.list.map((s) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.list[0]).toMatchObject({ sceneCode: 'ops-oncall', isDel: 0, version: 1 });
    expect(page.list[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('pages without overlap and accepts an empty body', async () => {
    const total = await liveScenes();
    const size = Math.ceil(total / 2) + 1; // a short second page
    const first = (await call('page', { current: 1, pageSize: size })).body.data as Page;
    const second = (await call('page', { current: 2, pageSize: size })).body.data as Page;
    expect(second.list).toHaveLength(total - size);
    const ids = new Set([...first.list, ...second.list].map((s) => s.id));
    expect(ids.size).toBe(total);
    const defaults = (await call('page', {})).body.data as Page;
    expect(defaults.list).toHaveLength(10);
  });

  it('sorts by a declared field, with id breaking ties', async () => {
    const res = await call('page', {
      current: 1,
      pageSize: 100,
      sorters: [{ field: 'sceneCode', order: 'asc' }],
    });
    const codes = (res.body.data as Page).list.map((s) => s.sceneCode);
    expect(codes).toEqual([...codes].sort());
  });

  it('filters with eq, ne, in, contains, and a keyword over searchable fields', async () => {
    const page = async (body: object) => (await call('page', { pageSize: 100, ...body })).body;
    const prompt = (await page({ filters: [{ field: 'type', operator: 'eq', value: 0 }] }))
      .data as Page;
    const total = await liveScenes();
    expect(prompt.total).toBe(await liveScenes(0));
    expect(prompt.total).toBeGreaterThan(0);
    expect(prompt.list.every((s) => s.type === 0)).toBe(true);
    const notPrompt = (await page({ filters: [{ field: 'type', operator: 'ne', value: 0 }] }))
      .data as Page;
    expect(notPrompt.total).toBe(total - prompt.total);
    expect(notPrompt.total).toBeGreaterThan(0);
    const both = (await page({ filters: [{ field: 'type', operator: 'in', value: [0, 1] }] }))
      .data as Page;
    expect(both.total).toBe(total);
    const code = (
      await page({ filters: [{ field: 'sceneCode', operator: 'contains', value: 'ASSIST' }] })
    ).data as Page;
    expect(code.list.map((s) => s.sceneCode)).toEqual(['code-assistant']);
    const keyword = (await page({ keyword: '知识库' })).data as Page;
    expect(keyword.list.map((s) => s.sceneCode)).toEqual(['kb-qa']);
    // Wildcards in user text are literal.
    expect(((await page({ keyword: '%' })).data as Page).total).toBe(0);
    expect(((await page({ keyword: '_' })).data as Page).total).toBe(0);
  });

  it('rejects a scalar for "in" and an array for other operators', async () => {
    const scalarIn = await call('page', { filters: [{ field: 'type', operator: 'in', value: 1 }] });
    expect(scalarIn.status).toBe(400);
    expect((scalarIn.body.data as Issues).issues[0]!.field).toBe('filters.0.value');
    const arrayEq = await call('page', {
      filters: [{ field: 'type', operator: 'eq', value: [1] }],
    });
    expect(arrayEq.body.code).toBe(40000);
    const badOperator = await call('page', {
      filters: [{ field: 'sceneName', operator: 'gte', value: 'a' }],
    });
    expect(badOperator.body.code).toBe(40000);
    const badSorter = await call('page', { sorters: [{ field: 'description', order: 'asc' }] });
    expect((badSorter.body.data as Issues).issues[0]!.field).toBe('sorters.0.field');
    const tooBig = await call('page', { pageSize: 101 });
    expect((tooBig.body.data as Issues).issues[0]!.field).toBe('pageSize');
  });

  it('creates with defaults and answers the row', async () => {
    const created = await create({ sceneName: '测试场景', sceneCode: 'crud-create' });
    expect(created).toMatchObject({
      sceneName: '测试场景',
      sceneCode: 'crud-create',
      type: 1,
      isDel: 0,
      version: 1,
      description: null,
      templateId: null,
    });
    const detail = await call('detail', { id: String(created.id) });
    expect(detail.body.data).toEqual(created);
  });

  it('answers 40000 naming the field for bad input, in zh-CN or en-US, and writes nothing', async () => {
    const before = await sceneRows();
    const zh = await call('create', { sceneName: 42, sceneCode: 'x', type: 3, isDel: 1 });
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe(40000);
    expect((zh.body.data as Issues).issues).toEqual([
      { field: 'sceneName', message: '应为string类型' },
      { field: 'type', message: '取值必须是 0, 1 之一' },
      { field: 'isDel', message: '不支持的字段 isDel' },
    ]);
    // The summary names the field by its label; each issue keeps the body's key.
    expect(zh.body.msg).toBe('场景名称：应为string类型');
    const en = await call('create', { sceneCode: 'x' }, 'en-US');
    expect(en.body).toEqual({
      code: 40000,
      msg: 'Scene name: is required',
      data: { issues: [{ field: 'sceneName', message: 'is required' }] },
    });
    expect(await sceneRows()).toBe(before);
  });

  it('refuses a duplicate live sceneCode with 40000 naming it by its label', async () => {
    await create({ sceneName: 'A', sceneCode: 'crud-dup' });
    const before = await sceneRows();
    const res = await call('create', { sceneName: 'B', sceneCode: 'crud-dup' }, 'en-US');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 40000,
      msg: 'Scene code already exists',
      data: { issues: [{ field: 'sceneCode', message: 'Scene code already exists' }] },
    });
    expect(await sceneRows()).toBe(before);
  });

  it('updates with the current version and bumps it', async () => {
    const created = await create({ sceneName: 'Old', sceneCode: 'crud-update' });
    const res = await call('update', {
      id: created.id,
      version: 1,
      sceneName: 'New',
      description: '说明',
      type: 0,
    });
    expect(res.body.code).toBe(0);
    const updated = res.body.data as Scene;
    expect(updated).toMatchObject({
      id: created.id,
      version: 2,
      sceneName: 'New',
      description: '说明',
      type: 0,
      templateId: null,
      sceneCode: 'crud-update',
    });
    expect(updated.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const cleared = await call('update', { id: created.id, version: 2, description: null });
    expect(cleared.body.data).toMatchObject({ version: 3, description: null });
  });

  it('answers 40900 for a stale version and leaves the row unchanged', async () => {
    const created = await create({ sceneName: 'Mine', sceneCode: 'crud-stale' });
    expect(
      (await call('update', { id: created.id, version: 1, sceneName: 'First' })).body.code,
    ).toBe(0);
    const stale = await call('update', { id: created.id, version: 1, sceneName: 'Second' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 40900, data: null });
    const [row] = await t.db.select().from(scenes).where(eq(scenes.id, created.id));
    expect(row).toMatchObject({ sceneName: 'First', version: 2 });
  });

  it('does not accept sceneCode on update', async () => {
    const created = await create({ sceneName: 'Fixed', sceneCode: 'crud-fixed' });
    const res = await call('update', { id: created.id, version: 1, sceneCode: 'other' });
    expect((res.body.data as Issues).issues[0]!.field).toBe('sceneCode');
  });

  it('answers 40400 for missing ids on detail, update and delete', async () => {
    for (const [action, body] of [
      ['detail', { id: 999_999 }],
      ['update', { id: 999_999, version: 1, sceneName: 'x' }],
      ['delete', { id: 999_999 }],
      ['detail', { id: '9999999999999' }],
    ] as const) {
      const res = await call(action, body);
      expect(res.status, action).toBe(404);
      expect(res.body.code).toBe(40400);
    }
    const bad = await call('detail', { id: 'abc' });
    expect(bad.body.code).toBe(40000);
  });

  it('soft-deletes: page and detail stop showing the row, and the code is free again', async () => {
    const created = await create({ sceneName: 'Gone', sceneCode: 'crud-delete' });
    const res = await call('delete', { id: created.id });
    expect(res.body).toMatchObject({ code: 0, data: { id: created.id } });
    const [row] = await t.db.select().from(scenes).where(eq(scenes.id, created.id));
    expect(row).toMatchObject({ isDel: 1, version: 2 });
    expect((await call('detail', { id: created.id })).body.code).toBe(40400);
    const page = (
      await call('page', {
        pageSize: 100,
        filters: [{ field: 'sceneCode', operator: 'eq', value: 'crud-delete' }],
      })
    ).body.data as Page;
    expect(page.total).toBe(0);
    expect((await call('delete', { id: created.id })).body.code).toBe(40400);
    expect((await call('update', { id: created.id, version: 2 })).body.code).toBe(40400);
    await create({ sceneName: 'Again', sceneCode: 'crud-delete' });
  });

  it('answers odd but well-typed input with 40000 rather than 500', async () => {
    const nul = await call('create', { sceneName: 'a\u0000b', sceneCode: 'crud-nul' });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe(40000);
    const keyword = await call('page', { keyword: 'x\u0000' });
    expect(keyword.body.code).toBe(40000);
    const far = await call('page', { current: 1_000_000, pageSize: 100 });
    expect(far.body.code).toBe(40000);
    expect((far.body.data as Issues).issues[0]?.field).toBe('current');
    const last = await call('page', { current: 2, pageSize: 50, keyword: 'no-such-scene' });
    expect(last.body.data).toMatchObject({ list: [], nextCursor: null });
  });

  it('unbinds the template and answers the scene', async () => {
    const created = await create({ sceneName: 'Bound', sceneCode: 'crud-unbind' });
    const bound = await t.post(
      `${API}/template/bind`,
      { id: created.id, templateId: 1 },
      { token },
    );
    expect(bound.body.data).toMatchObject({ id: created.id, templateId: 1, version: 2 });
    const res = await t.post(`${API}/template/unbind`, { id: created.id }, { token });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ id: created.id, templateId: null, version: 3 });
    expect((await t.post(`${API}/template/unbind`, { id: 999_999 }, { token })).body.code).toBe(
      40400,
    );
  });
});
