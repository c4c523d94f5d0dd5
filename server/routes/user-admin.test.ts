import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import type { UserAdmin } from '../../contract/auth';
import { Code } from '../../contract/envelope';
import { users } from '../db/schema';
import { describeBackends } from '../test/backends';
import { addUser, useTestApp, type Answer } from '../test/harness';

/**
 * Account administration and one's own password: the admin's calls, the rules of the
 * password (spec §5), and sessions that end at once when an account is disabled or reset.
 */
describeBackends('users: administration and own password', (backend) => {
  const t = useTestApp(backend, { prepare: (db) => addUser(db, '2', 'other') });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body?: unknown, token = tokens[who]) =>
    t.post(apiPath(...path.split('/')), body, { token, lang: 'en-US' });
  const ok = async <T>(who: string, path: string, body?: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(Code.OK);
    return answer.body.data as T;
  };
  const issues = (answer: Answer) =>
    (answer.body.data as { issues: { field: string; message: string }[] }).issues;
  const expectInvalid = (answer: Answer, field: string, message?: RegExp) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.code).toBe(Code.INVALID);
    const issue = issues(answer).find((i) => i.field === field);
    expect(issue, JSON.stringify(answer.body)).toBeDefined();
    if (message) expect(issue!.message).toMatch(message);
  };

  it('refuses every admin call to a user with 40300, before looking at the body', async () => {
    for (const path of [
      'user/page',
      'user/create',
      'user/update',
      'user/disable',
      'user/enable',
      'user/reset-password',
    ]) {
      const answer = await as('user', path, { id: '0' });
      expect(answer.status, path).toBe(403);
      expect(answer.body.code, path).toBe(Code.FORBIDDEN);
    }
    expect((await as('anonymous', 'user/page', {}, '')).body.code).toBe(Code.TOKEN_INVALID);
  });

  it('lists accounts with keyword, role and status filters, never a password hash', async () => {
    const all = await ok<{ list: UserAdmin[]; total: number }>('admin', 'user/page', {
      pageSize: 100,
    });
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.list.map((u) => u.userName)).toEqual(
      expect.arrayContaining(['admin', 'user', 'other']),
    );
    const admin = all.list.find((u) => u.id === '0')!;
    expect(admin).toMatchObject({ role: 'admin', status: 1 });
    expect(admin.lastLoginAt).not.toBeNull();
    expect(JSON.stringify(all)).not.toMatch(/scrypt|passwordHash/);
    const admins = await ok<{ list: UserAdmin[] }>('admin', 'user/page', { role: 'admin' });
    expect(admins.list.every((u) => u.role === 'admin')).toBe(true);
    const found = await ok<{ list: UserAdmin[] }>('admin', 'user/page', { keyword: 'OTH' });
    expect(found.list.map((u) => u.userName)).toEqual(['other']);
    const disabled = await ok<{ list: UserAdmin[] }>('admin', 'user/page', { status: 0 });
    expect(disabled.list.every((u) => u.status === 0)).toBe(true);
    expect(disabled.list.map((u) => u.userName)).not.toContain('user');
  });

  it('creates an account that can log in; refuses a taken name, a bad name, a weak password', async () => {
    const created = await ok<UserAdmin>('admin', 'user/create', {
      userName: 'li.si',
      password: 'Secret1',
      role: 'user',
      name: '李四',
      email: 'li.si@example.com',
    });
    expect(created).toMatchObject({ userName: 'li.si', role: 'user', status: 1, name: '李四' });
    expect(Number(created.id)).toBeGreaterThan(2);
    await t.login('li.si', 'Secret1');

    const duplicate = await as('admin', 'user/create', {
      userName: 'li.si',
      password: 'Secret1',
      role: 'user',
    });
    expectInvalid(duplicate, 'userName', /already exists/);
    expectInvalid(
      await as('admin', 'user/create', { userName: 'a b', password: 'Secret1', role: 'user' }),
      'userName',
      /zhang\.san/,
    );
    for (const weak of ['short', 'alllowercase', 'ALLUPPER1', 'Ab1']) {
      expectInvalid(
        await as('admin', 'user/create', { userName: 'wang.wu', password: weak, role: 'user' }),
        'password',
        /upper and lower case/,
      );
    }
    const zh = await t.post(
      apiPath('user', 'create'),
      { userName: 'wang.wu', password: 'weak', role: 'user' },
      { token: tokens.admin, lang: 'zh-CN' },
    );
    expect(issues(zh)[0]!.message).toBe('至少 6 位，且须同时包含大写和小写字母');
  });

  it('updates name, email and role with the version; a stale one is 40900', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.userName, 'other'));
    const updated = await ok<UserAdmin>('admin', 'user/update', {
      id: '2',
      version: row!.version,
      name: '另一位',
      email: 'other@example.com',
    });
    expect(updated).toMatchObject({ name: '另一位', email: 'other@example.com', role: 'user' });
    expect(updated.version).toBe(row!.version + 1);
    const stale = await as('admin', 'user/update', { id: '2', version: row!.version, name: 'x' });
    expect(stale.body.code).toBe(Code.CONFLICT);
    const cleared = await ok<UserAdmin>('admin', 'user/update', {
      id: '2',
      version: updated.version,
      email: '',
    });
    expect(cleared.email).toBeNull();
    expectInvalid(
      await as('admin', 'user/update', { id: '2', version: cleared.version, email: 'nope' }),
      'email',
    );
    expect((await as('admin', 'user/update', { id: '999', version: 1 })).body.code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('does not let the admin disable or demote themselves', async () => {
    expectInvalid(await as('admin', 'user/disable', { id: '0' }), 'id', /disable or demote/);
    const [admin] = await t.db.select().from(users).where(eq(users.id, '0'));
    expectInvalid(
      await as('admin', 'user/update', { id: '0', version: admin!.version, role: 'user' }),
      'role',
      /disable or demote/,
    );
    const still = await as('admin', 'user/page', {});
    expect(still.body.code).toBe(Code.OK);
  });

  it('disabling ends every session at once and login fails; enabling lets them back', async () => {
    await ok('admin', 'user/create', { userName: 'zhao.liu', password: 'Zhao1234', role: 'user' });
    const first = await t.login('zhao.liu', 'Zhao1234');
    const second = await t.login('zhao.liu', 'Zhao1234');
    const [row] = await t.db.select().from(users).where(eq(users.userName, 'zhao.liu'));
    expect((await as('x', 'user/detail', { id: row!.id }, first)).body.code).toBe(Code.OK);

    const disabled = await ok<UserAdmin>('admin', 'user/disable', { id: row!.id });
    expect(disabled.status).toBe(0);
    for (const token of [first, second]) {
      const answer = await as('x', 'user/detail', { id: row!.id }, token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(Code.SESSION_ENDED);
    }
    const login = await t.post(apiPath('user', 'login'), {
      userName: 'zhao.liu',
      password: 'Zhao1234',
    });
    expect(login.body.code).toBe(Code.INVALID);
    const listed = await ok<{ list: UserAdmin[] }>('admin', 'user/page', { status: 0 });
    expect(listed.list.map((u) => u.userName)).toContain('zhao.liu');

    const enabled = await ok<UserAdmin>('admin', 'user/enable', { id: row!.id });
    expect(enabled.status).toBe(1);
    // The old sessions stay ended; a new login works.
    expect((await as('x', 'user/detail', { id: row!.id }, first)).body.code).toBe(
      Code.SESSION_ENDED,
    );
    await t.login('zhao.liu', 'Zhao1234');
  });

  it('a reset password ends the account’s sessions; the old password stops working', async () => {
    await ok('admin', 'user/create', { userName: 'sun.qi', password: 'SunQi123', role: 'user' });
    const token = await t.login('sun.qi', 'SunQi123');
    const [row] = await t.db.select().from(users).where(eq(users.userName, 'sun.qi'));
    expectInvalid(
      await as('admin', 'user/reset-password', { id: row!.id, password: 'weakweak' }),
      'password',
    );
    await ok('admin', 'user/reset-password', { id: row!.id, password: 'NewPass9' });
    expect((await as('x', 'user/detail', { id: row!.id }, token)).body.code).toBe(
      Code.SESSION_ENDED,
    );
    const old = await t.post(apiPath('user', 'login'), {
      userName: 'sun.qi',
      password: 'SunQi123',
    });
    expect(old.body.code).toBe(Code.INVALID);
    await t.login('sun.qi', 'NewPass9');
  });

  it('changes one’s own password: old must match, new must pass and differ; other sessions end', async () => {
    await ok('admin', 'user/create', { userName: 'zhou.ba', password: 'ZhouBa12', role: 'user' });
    const current = await t.login('zhou.ba', 'ZhouBa12');
    const elsewhere = await t.login('zhou.ba', 'ZhouBa12');
    const change = (body: unknown) => as('x', 'user/password', body, current);

    expectInvalid(
      await change({ oldPassword: 'wrong', newPassword: 'Another1' }),
      'oldPassword',
      /current password is wrong/,
    );
    expectInvalid(
      await change({ oldPassword: 'ZhouBa12', newPassword: 'weak' }),
      'newPassword',
      /upper and lower case/,
    );
    expectInvalid(
      await change({ oldPassword: 'ZhouBa12', newPassword: 'ZhouBa12' }),
      'newPassword',
      /must differ/,
    );
    const done = await change({ oldPassword: 'ZhouBa12', newPassword: 'Another1' });
    expect(done.body.code, JSON.stringify(done.body)).toBe(Code.OK);
    expect(done.body.data).toEqual({ endedSessions: 1 });
    // This session goes on; the other one ended; the new password logs in, the old does not.
    const menu = (token: string) => t.post('/api/user/menu', undefined, { token });
    expect((await menu(current)).body.code).toBe(Code.OK);
    expect((await menu(elsewhere)).body.code).toBe(Code.SESSION_ENDED);
    await t.login('zhou.ba', 'Another1');
    const old = await t.post(apiPath('user', 'login'), {
      userName: 'zhou.ba',
      password: 'ZhouBa12',
    });
    expect(old.body.code).toBe(Code.INVALID);
    // Anyone signed in may change their own; nobody else's.
    expect(
      (await as('x', 'user/password', { oldPassword: 'a', newPassword: 'Abcdef' }, '')).body.code,
    ).toBe(Code.TOKEN_INVALID);
  });
});
