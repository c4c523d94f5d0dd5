import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userSchema } from '../../contract/auth';
import { hashToken } from '../auth/tokens';
import { sessions } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

const LOGIN = '/api/manage/v1/user/login';
const DETAIL = '/api/manage/v1/user/detail';
const LOGOUT = '/api/manage/v1/user/logout';
const PAGE = '/api/manage/v1/scene/page';

describeBackends('user auth', (backend) => {
  const t = useTestApp(backend, {
    loginLimits: { attemptsPerIpPerMinute: 10_000, freeFailures: 3, baseDelayMs: 60_000 },
  });
  const sessionCount = async () => (await t.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

  it('logs in with the right password and answers id and token', async () => {
    const before = await sessionCount();
    const res = await t.post(LOGIN, { userName: 'admin', password: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: '成功', data: { id: '0' } });
    const { token } = res.body.data as { token: string };
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await sessionCount()).toBe(before + 1);
    // Only the hash is stored.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.userId).toBe('0');
  });

  it('refuses a wrong password or unknown user with 40000, no token and no session', async () => {
    const before = await sessionCount();
    const wrong = await t.post(LOGIN, { userName: 'user', password: 'nope' }, { lang: 'en-US' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 40000, msg: 'Wrong user name or password', data: null });
    const unknown = await t.post(LOGIN, { userName: 'ghost', password: 'x' });
    expect(unknown.body).toEqual({ code: 40000, msg: '用户名或密码错误', data: null });
    expect(await sessionCount()).toBe(before);
  });

  it('validates the login body', async () => {
    const res = await t.post(LOGIN, { userName: '', password: 1 }, { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect((res.body.data as { issues: unknown[] }).issues).toEqual([
      { field: 'userName', message: 'is required' },
      { field: 'password', message: 'must be of type string' },
    ]);
    expect(res.body.msg).toBe('userName: is required');
  });

  it('makes a client that keeps failing on a name wait (42900, Retry-After); others may log in', async () => {
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'accept-language': 'en' },
        payload: { userName: 'admin', password },
      });
    for (let i = 0; i < 3; i++) expect((await from('10.9.9.9', 'bad')).json().code).toBe(40000);
    // Now even the right password from that client waits.

    const res = await from('10.9.9.9', 'admin');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      code: 42900,
      msg: 'Too many requests; try again later',
      data: null,
    });
    // The admin, from a client that has not failed, is never locked out by the guesser.
    expect((await from('10.1.1.1', 'admin')).json().code).toBe(0);
  });

  it('answers 50008 without a token or with an unknown one', async () => {
    const none = await t.post(PAGE, { current: 1, pageSize: 10 });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 50008, msg: '未登录或登录凭证无效', data: null });
    // Identity is checked before the body: a stranger learns nothing about the schema.
    expect((await t.post(PAGE, { bogus: true })).body.code).toBe(50008);
    const unknown = await t.post(PAGE, { current: 1, pageSize: 10 }, { token: 'made-up' });
    expect(unknown.body.code).toBe(50008);
    const res = await t.app.inject({
      method: 'POST',
      url: PAGE,
      headers: { authorization: 'Basic abc' },
      payload: {},
    });
    expect(res.json().code).toBe(50008);
  });

  it('answers 50014 for an expired token', async () => {
    const token = await t.login('user');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.post(PAGE, {}, { token, lang: 'en-US' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 50014,
      msg: 'Your login has expired; please log in again',
      data: null,
    });
  });

  it('ends the session on logout: the token then answers 50012', async () => {
    const token = await t.login('user');
    expect((await t.post(PAGE, {}, { token })).body.code).toBe(0);
    const out = await t.post(LOGOUT, undefined, { token });
    expect(out.body).toEqual({ code: 0, msg: '成功', data: true });
    const after = await t.post(PAGE, {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50012);
    // Another session of the same user is untouched.
    const other = await t.login('user');
    expect((await t.post(PAGE, {}, { token: other })).body.code).toBe(0);
  });

  it('accepts logout with an empty JSON body', async () => {
    const token = await t.login('user');
    const res = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toMatchObject({ code: 0, data: true });
  });

  it('shows a user their own detail, never the password hash', async () => {
    const token = await t.login('user');
    const res = await t.post(DETAIL, { id: '1' }, { token });
    expect(res.body.code).toBe(0);
    const user = userSchema.strict().parse(res.body.data);
    expect(user).toMatchObject({ id: '1', userName: 'user', role: 'user', userCode: 'U0001' });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect(user.registrationDate).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('forbids a user reading someone else, lets the admin read anyone', async () => {
    const userToken = await t.login('user');
    const denied = await t.post(DETAIL, { id: 0 }, { token: userToken });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(40300);
    const adminToken = await t.login('admin');
    expect((await t.post(DETAIL, { id: 1 }, { token: adminToken })).body.data).toMatchObject({
      id: '1',
    });
    const missing = await t.post(DETAIL, { id: '999' }, { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(40400);
  });
});

describeBackends('login rate limit per address', (backend) => {
  const t = useTestApp(backend, { loginLimits: { attemptsPerIpPerMinute: 3 } });

  it('answers 42900 after too many attempts from one address, even successful ones', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.post(LOGIN, { userName: 'user', password: 'user' })).body.code);
    }
    expect(codes).toEqual([0, 0, 0, 42900]);
  });
});
