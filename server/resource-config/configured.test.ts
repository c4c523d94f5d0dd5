import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { RESOURCE_CONFIG_PATHS, type DeclarationList } from '../../contract/resource-config-api';
import { describeBackends } from '../test/backends';
import { useTestApp, type Answer } from '../test/harness';
import { declaration, KNOWLEDGE, labels, type Input } from './test-declarations';
import { resourceDeclarations } from '../db/schema';
import { existingIndexes } from './row-indexes';

const K = (call: string) => apiPath('knowledge', call);
type Row = Record<string, unknown> & { id: number; version: number };
interface Page {
  list: Row[];
  total: number;
}

/** KNOWLEDGE with its fields changed by `change` (a function of the field list). */
function knowledgeWith(change: (fields: Input[]) => Input[]): Input {
  return { ...KNOWLEDGE, fields: change([...(KNOWLEDGE.fields as Input[])]) };
}

describeBackends('a configured resource', (backend) => {
  const t = useTestApp(backend);
  let admin = '';
  let user = '';
  let version = 1;
  beforeAll(async () => {
    admin = await t.login('admin');
    user = await t.login('user');
    const res = await t.post(
      RESOURCE_CONFIG_PATHS.create,
      { declaration: KNOWLEDGE },
      { token: admin },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  });
  const as =
    (token: string) =>
    (url: string, body?: unknown, lang = 'en-US') =>
      t.post(url, body, { token, lang });
  const ok = (res: Answer) => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data;
  };
  const page = async (body: unknown) => ok(await as(user)(K('page'), body)) as Page;
  const titles = async (body: unknown) => (await page(body)).list.map((r) => r.title);
  const changeDeclaration = (decl: Input) =>
    as(admin)(RESOURCE_CONFIG_PATHS.update, { name: 'knowledge', version, declaration: decl });

  const rows: Row[] = [];
  it('creates rows of every field type and answers them as a built-in would', async () => {
    const scenes = (await as(user)(apiPath('scene', 'page'), { pageSize: 1 })).body.data as Page;
    const scene = scenes.list[0] as Row;
    const bodies = [
      { title: 'Alpha', views: 5, score: 4.5, status: 'published', pinned: true, tags: ['a', 'b'] },
      { title: 'beta', views: 50, publishedAt: '2026-01-02T03:04:05.000Z', tags: ['b'] },
      { title: 'Gamma 100%', views: 0, body: 'about_underscores', meta: { deep: [1, 2] } },
      { title: 'delta', link: 'https://example.com/d', scene: scene.sceneCode },
    ];
    for (const body of bodies) rows.push(ok(await as(user)(K('create'), body)) as Row);
    expect(rows[0]).toMatchObject({ version: 1, status: 'published', pinned: true });
    // Defaults fill what the body left out; absent optional fields answer null.
    expect(rows[1]).toMatchObject({
      status: 'draft',
      body: null,
      publishedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(rows[2]?.meta).toEqual({ deep: [1, 2] });
    expect(rows[3]).toMatchObject({ scene: scene.sceneCode, sceneLabel: scene.sceneName });
    expect(Object.keys(rows[0] as Row).sort()).toEqual(
      [
        'id',
        'version',
        'createdAt',
        'updatedAt',
        'title',
        'body',
        'views',
        'score',
        'status',
        'pinned',
        'publishedAt',
        'meta',
        'tags',
        'link',
        'scene',
        'sceneLabel',
      ].sort(),
    );
  });

  it('sorts, filters and searches on declared fields', async () => {
    expect(await titles({ sorters: [{ field: 'title', order: 'asc' }] })).toEqual([
      'Alpha',
      'Gamma 100%',
      'beta',
      'delta',
    ]);
    expect(await titles({ sorters: [{ field: 'views', order: 'desc' }] })).toEqual([
      'beta',
      'Alpha',
      'Gamma 100%',
      'delta',
    ]);
    // An empty value sorts last either way, as on a nullable column.
    expect((await titles({ sorters: [{ field: 'publishedAt', order: 'asc' }] }))[0]).toBe('beta');
    expect(
      await titles({
        filters: [{ field: 'views', operator: 'gte', value: 5 }],
        sorters: [{ field: 'views', order: 'asc' }],
      }),
    ).toEqual(['Alpha', 'beta']);
    expect(
      await titles({ filters: [{ field: 'status', operator: 'eq', value: 'published' }] }),
    ).toEqual(['Alpha']);
    expect(await titles({ filters: [{ field: 'pinned', operator: 'eq', value: true }] })).toEqual([
      'Alpha',
    ]);
    expect(
      await titles({
        filters: [{ field: 'tags', operator: 'eq', value: 'b' }],
        sorters: [{ field: 'title', order: 'asc' }],
      }),
    ).toEqual(['Alpha', 'beta']);
    expect(
      await titles({
        filters: [{ field: 'tags', operator: 'ne', value: 'a' }],
        sorters: [{ field: 'title', order: 'asc' }],
      }),
    ).toEqual(['Gamma 100%', 'beta', 'delta']);
    expect(
      await titles({ filters: [{ field: 'title', operator: 'contains', value: 'ALP' }] }),
    ).toEqual(['Alpha']);
    expect(
      await titles({
        filters: [{ field: 'publishedAt', operator: 'gte', value: '2026-01-01T00:00:00Z' }],
      }),
    ).toEqual(['beta']);
    // Keyword search: wildcards in the text are literal characters.
    expect(await titles({ keyword: '100%' })).toEqual(['Gamma 100%']);
    expect(await titles({ keyword: 'out_und' })).toEqual(['Gamma 100%']);
    expect(await titles({ keyword: 'o%t' })).toEqual([]);
    const paged = await page({ current: 2, pageSize: 3, sorters: [{ field: 'id', order: 'asc' }] });
    expect(paged).toMatchObject({ total: 4, list: [{ title: 'delta' }] });
    // Filtering on a field the declaration does not filter is refused as for a built-in.
    const bad = await as(user)(K('page'), {
      filters: [{ field: 'nope', operator: 'eq', value: 1 }],
    });
    expect([bad.status, bad.body.code]).toEqual([400, 40000]);
  });

  it('refuses a duplicate among live rows, naming the field, and frees it on delete', async () => {
    const dup = await as(user)(K('create'), { title: 'Alpha' });
    expect([dup.status, dup.body.code]).toEqual([400, 40000]);
    expect(JSON.stringify(dup.body.data)).toContain('title');
    const temp = ok(await as(user)(K('create'), { title: 'temp' })) as Row;
    ok(await as(user)(K('delete'), { id: temp.id }));
    const again = ok(await as(user)(K('create'), { title: 'temp' })) as Row;
    ok(await as(user)(K('delete'), { ids: [again.id] }));
    expect((await as(user)(K('detail'), { id: again.id })).body.code).toBe(40400);
  });

  it('keeps the version contract: stale updates 40900, partial updates keep the rest', async () => {
    const row = rows[0] as Row;
    const updated = ok(await as(user)(K('update'), { id: row.id, version: 1, views: 6 })) as Row;
    expect(updated).toMatchObject({ version: 2, views: 6, title: 'Alpha', tags: ['a', 'b'] });
    const stale = await as(user)(K('update'), { id: row.id, version: 1, views: 7 });
    expect([stale.status, stale.body.code]).toEqual([409, 40900]);
    // The detail answer sent back as it came is a valid update.
    const again = ok(await as(user)(K('update'), updated)) as Row;
    expect(again.version).toBe(3);
    const missing = await as(user)(K('update'), { id: 999_999, version: 1, views: 1 });
    expect(missing.body.code).toBe(40400);
  });

  it('follows the declared permissions: the admin may read, not write', async () => {
    ok(await as(admin)(K('page'), {}));
    const refused = await as(admin)(K('create'), { title: 'by admin' });
    expect([refused.status, refused.body.code]).toEqual([403, 40300]);
    const anonymous = await t.post(K('page'), {});
    expect(anonymous.body.code).toBe(50008);
  });

  it('is in meta/resources and in the menu of the roles it grants', async () => {
    const served = ok(await as(user)(RESOURCE_CONFIG_PATHS.resources, {})) as {
      resources: { name: string; texts: Record<string, { menu: { title: string } }> }[];
    };
    const knowledge = served.resources.find((r) => r.name === 'knowledge');
    expect(knowledge?.texts['zh-CN']?.menu.title).toBe('知识库');
    const menu = ok(await as(user)('/api/user/menu', {})) as { name: string }[];
    expect(menu.map((m) => m.name)).toContain('knowledge');
  });

  it('exports CSV with the declaration labels, and JSONL with a removed field still there', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: K('export'),
      headers: { authorization: `Bearer ${user}`, 'accept-language': 'zh-CN' },
      payload: { sorters: [{ field: 'id', order: 'asc' }] },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const header = csv.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toContain('标题');
    expect(csv.body).toContain('已发布');

    const current = ok(await as(admin)(RESOURCE_CONFIG_PATHS.detail, { name: 'knowledge' })) as {
      version: number;
    };
    version = current.version;
    const withoutLink = knowledgeWith((fields) => fields.filter((f) => f.name !== 'link'));
    ok(await changeDeclaration(withoutLink));
    version += 1;
    const detail = ok(await as(user)(K('detail'), { id: rows[3]?.id })) as Row;
    expect(detail).not.toHaveProperty('link');
    const jsonl = await t.app.inject({
      method: 'POST',
      url: K('export'),
      headers: { authorization: `Bearer ${user}` },
      payload: { format: 'jsonl', sorters: [{ field: 'id', order: 'asc' }] },
    });
    const lines = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    expect(lines.find((l) => l.title === 'delta')?.link).toBe('https://example.com/d');
  });

  it('refuses a type change the stored rows violate, with how many', async () => {
    // Three rows hold a number of views (the fourth none): as a string field none would fit.
    const asText = knowledgeWith((fields) =>
      fields.map((f) =>
        f.name === 'views' ? { ...f, type: 'string', filter: 'contains', min: undefined } : f,
      ),
    );
    const refused = await changeDeclaration(asText);
    expect([refused.status, refused.body.code]).toEqual([400, 40000]);
    expect(refused.body.msg).toMatch(/fields\.2\.type.*3 stored row\(s\)/);
    const inChinese = await as(admin)(
      RESOURCE_CONFIG_PATHS.update,
      { name: 'knowledge', version, declaration: asText },
      'zh-CN',
    );
    expect(inChinese.body.msg).toMatch(/fields\.2\.type.*已有 3 行数据/);
    // Dropping an option rows still hold is refused too.
    const noDraft = knowledgeWith((fields) =>
      fields.map((f) =>
        f.name === 'status'
          ? {
              ...f,
              default: 'published',
              options: [{ value: 'published', labels: labels('已发布', 'Published') }],
            }
          : f,
      ),
    );
    const refusedOptions = await changeDeclaration(noDraft);
    expect(refusedOptions.body.msg).toMatch(/fields\.4.*3 stored row\(s\)/);
    // Making a field unique while two rows share a value: refused, naming the rows.
    ok(
      await as(user)(K('update'), {
        ...(ok(await as(user)(K('detail'), { id: rows[1]?.id })) as Row),
        body: 'same',
      }),
    );
    ok(
      await as(user)(K('update'), {
        ...(ok(await as(user)(K('detail'), { id: rows[2]?.id })) as Row),
        body: 'same',
      }),
    );
    const uniqueBody = knowledgeWith((fields) =>
      fields.map((f) => (f.name === 'body' ? { ...f, unique: true } : f)),
    );
    const refusedUnique = await changeDeclaration(uniqueBody);
    expect(refusedUnique.body.msg).toMatch(/fields\.1\.unique.*2 stored row\(s\)/);
    // Nothing changed: the declaration is the one before.
    const after = ok(await as(admin)(RESOURCE_CONFIG_PATHS.detail, { name: 'knowledge' })) as {
      version: number;
    };
    expect(after.version).toBe(version);
  });

  it('keeps one expression index set per declaration, dropping the stale ones', async () => {
    const indexes = await existingIndexes(t.db);
    // title (unique + sort), views, score, status, pinned, publishedAt, tags (GIN), and a
    // trigram index for each keyword field (title, body).
    expect(indexes.size).toBe(10);
    const plain = knowledgeWith((fields) =>
      fields.map((f) => ({ ...f, sortable: undefined, filter: undefined, unique: undefined })),
    );
    ok(await changeDeclaration(plain));
    version += 1;
    // Still searched by keyword: the trigram indexes stay.
    expect((await existingIndexes(t.db)).size).toBe(2);
  });

  it('enforces a permissions change at once, though the last decision was remembered', async () => {
    // The admin's read was allowed (and so cached, auth/access.ts Decisions) a test ago.
    ok(await as(admin)(K('page'), {}));
    const userOnly = { ...KNOWLEDGE, permissions: { user: ['list', 'show'] } } as Input;
    ok(await changeDeclaration(userOnly));
    version += 1;
    const refused = await as(admin)(K('page'), {});
    expect([refused.status, refused.body.code]).toEqual([403, 40300]);
    const writeRefused = await as(user)(K('create'), { title: 'no longer allowed' });
    expect([writeRefused.status, writeRefused.body.code]).toEqual([403, 40300]);
    ok(await changeDeclaration(KNOWLEDGE));
    version += 1;
    ok(await as(admin)(K('page'), {}));
    const again = ok(await as(user)(K('create'), { title: 'allowed again' })) as Row;
    ok(await as(user)(K('delete'), { id: again.id }));
  });

  it('disabled: gone from API and menu, data kept; enabled again: all back', async () => {
    ok(
      await as(admin)(RESOURCE_CONFIG_PATHS.enable, { name: 'knowledge', version, enabled: false }),
    );
    version += 1;
    const gone = await as(user)(K('page'), {});
    expect([gone.status, gone.body.code]).toEqual([404, 40400]);
    const menu = ok(await as(user)('/api/user/menu', {})) as { name: string }[];
    expect(menu.map((m) => m.name)).not.toContain('knowledge');
    const list = ok(await as(admin)(RESOURCE_CONFIG_PATHS.list, {})) as DeclarationList;
    expect(list.list.find((e) => e.name === 'knowledge')).toMatchObject({
      enabled: false,
      rows: 4,
    });
    ok(
      await as(admin)(RESOURCE_CONFIG_PATHS.enable, { name: 'knowledge', version, enabled: true }),
    );
    version += 1;
    expect((await page({})).total).toBe(4);
  });

  it('is deleted with its rows only when the name is typed back', async () => {
    const wrong = await as(admin)(RESOURCE_CONFIG_PATHS.delete, {
      name: 'knowledge',
      version,
      confirm: 'knowledg',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 40000]);
    ok(
      await as(admin)(RESOURCE_CONFIG_PATHS.delete, {
        name: 'knowledge',
        version,
        confirm: 'knowledge',
      }),
    );
    expect((await as(user)(K('page'), {})).body.code).toBe(40400);
    const list = ok(await as(admin)(RESOURCE_CONFIG_PATHS.list, {})) as DeclarationList;
    expect(list.list.map((e) => e.name)).not.toContain('knowledge');
    // Declared again, it starts empty: the rows went with the declaration.
    ok(await as(admin)(RESOURCE_CONFIG_PATHS.create, { declaration: KNOWLEDGE }));
    expect((await page({})).total).toBe(0);
  });

  it('keeps working when a stored declaration no longer passes the contract', async () => {
    // Written under an older contract, say: an enum without options. It is not served, and
    // it must not make other changes fail.
    await t.db.insert(resourceDeclarations).values({
      name: 'legacy',
      declaration: declaration('legacy', {
        fields: [{ name: 'kind', type: 'enum', labels: labels('类型', 'Kind') }],
      }) as never,
    });
    const res = await as(admin)(RESOURCE_CONFIG_PATHS.create, {
      declaration: declaration('glossary-two'),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const list = ok(await as(admin)(RESOURCE_CONFIG_PATHS.list, {})) as DeclarationList;
    expect(list.list.find((e) => e.name === 'legacy')?.issues.length).toBeGreaterThan(0);
  });

  it('leaves the declarations to the admin', async () => {
    for (const path of [RESOURCE_CONFIG_PATHS.list, RESOURCE_CONFIG_PATHS.export]) {
      const res = await as(user)(path, {});
      expect([res.status, res.body.code]).toEqual([403, 40300]);
    }
    const bad = await as(admin)(RESOURCE_CONFIG_PATHS.create, {
      declaration: declaration('glossary', { fields: [{ name: 'x', type: 'enum' }] }),
    });
    expect([bad.status, bad.body.code]).toEqual([400, 40000]);
    expect(JSON.stringify(bad.body.data)).toContain('fields.0');
  });
});
