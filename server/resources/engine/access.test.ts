import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it } from 'vitest';
import { buildPolicy } from '../../../contract/access';
import { defineResource } from '../../../contract/resource';
import { RESOURCES } from '../../../contract/resources';
import { RESOURCE_TABLES } from '../../db/resource-tables';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

/**
 * A resource added purely by configuration: a declaration and a table, nothing else. It must
 * appear in the routes, the policy and the menu.
 */
const widget = defineResource({
  name: 'fixture-widget',
  prefix: 'fixture-widget',
  permissions: { admin: ['list', 'show', 'create', 'edit', 'delete'], user: ['list', 'show'] },
  menu: { order: 9 },
  fields: [
    { name: 'label', type: 'string', required: true, max: 32, list: true, search: true },
    { name: 'size', type: 'integer', min: 0, default: 3, filter: 'range', sortable: true },
  ],
});

const widgets = pgTable('test_widgets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  label: text('label').notNull(),
  size: integer('size').notNull().default(3),
});

describeBackends('access and menu with a fixture resource', (backend) => {
  const t = useTestApp(backend, {
    resources: [...RESOURCES, widget],
    tables: { ...RESOURCE_TABLES, 'fixture-widget': widgets },
    prepare: async (db) => {
      await db.execute(sql`create table test_widgets (
        id integer primary key generated always as identity,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        label text not null,
        size integer not null default 3)`);
    },
  });
  let admin = '';
  let user = '';
  beforeAll(async () => {
    admin = await t.login('admin');
    user = await t.login('user');
  });

  it('serves CRUD for the new resource (hard delete, no soft-delete column)', async () => {
    const created = await t.post(
      '/api/manage/v1/fixture-widget/create',
      { label: 'gear' },
      { token: admin },
    );
    expect(created.body).toMatchObject({ code: 0, data: { label: 'gear', size: 3, version: 1 } });
    const id = (created.body.data as { id: number }).id;
    const page = await t.post(
      '/api/manage/v1/fixture-widget/page',
      { filters: [{ field: 'size', operator: 'gte', value: 3 }], keyword: 'GE' },
      { token: user },
    );
    expect(page.body.data).toMatchObject({ total: 1, list: [{ id, label: 'gear' }] });
    expect(
      (await t.post('/api/manage/v1/fixture-widget/delete', { id }, { token: admin })).body.code,
    ).toBe(0);
    expect(
      (await t.post('/api/manage/v1/fixture-widget/detail', { id }, { token: admin })).body.code,
    ).toBe(40400);
  });

  it('answers 40300 when the policy denies the action, before touching the data', async () => {
    for (const action of ['create', 'update', 'delete']) {
      const res = await t.post(
        `/api/manage/v1/fixture-widget/${action}`,
        { nonsense: true },
        { token: user, lang: 'en-US' },
      );
      expect(res.status, action).toBe(403);
      expect(res.body).toEqual({
        code: 40300,
        msg: 'You do not have permission to do this',
        data: null,
      });
    }
    expect(
      (await t.post('/api/manage/v1/fixture-widget/page', {}, { token: user })).body.code,
    ).toBe(0);
  });

  it('builds the policy from the declarations', () => {
    const policy = buildPolicy([widget]);
    expect(policy).toContain('p, user, fixture-widget, list');
    expect(policy).not.toContain('p, user, fixture-widget, create');
  });

  it('answers the menu for the caller’s role, from the token alone', async () => {
    type Node = { name: string; path: string; children?: Node[] };
    const names = (nodes: Node[]): string[] =>
      nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);
    const forUser = await t.post('/api/user/menu', undefined, { token: user });
    expect(forUser.body.code).toBe(0);
    const userNames = names(forUser.body.data as Node[]);
    expect(userNames).toEqual(expect.arrayContaining(['scene.list', 'fixture-widget.list']));

    const forAdmin = await t.post('/api/user/menu', {}, { token: admin });
    const adminNames = names(forAdmin.body.data as Node[]);
    expect(adminNames).toEqual(expect.arrayContaining(['scene.list', 'fixture-widget.list']));
    // Admin-only and user-only entries differ; the role comes from the session, not the client.
    expect(adminNames).not.toEqual(userNames);

    const anonymous = await t.post('/api/user/menu', {});
    expect(anonymous.body.code).toBe(50008);
  });
});
