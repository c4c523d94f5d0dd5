import { expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

const LOGIN = apiPath('user', 'login');
const PAGE = apiPath('scene', 'page');

/**
 * Every answer to an unauthenticated caller, malformed logins included, uses the address's
 * budget; a signed-in caller on the same address is still served.
 */
describeBackends('anonymous limit', (backend) => {
  const t = useTestApp(backend, { anonymousLimit: { perMinute: 5 } });
  const fromIp = (remoteAddress: string, url: string, payload: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('counts malformed logins, 50008s and unknown paths; refuses the rest with 42900', async () => {
    const ip = '203.0.113.1';
    const token = await t.login('user'); // a success: not counted
    const spent = [
      await fromIp(ip, LOGIN, '{"bogus":1}'),
      await fromIp(ip, LOGIN, '{"userName":'),
      await fromIp(ip, PAGE, '{}'),
      await fromIp(ip, apiPath('nothing', 'here'), '{}'),
      await fromIp(ip, PAGE, '{}', 'not-a-token'),
    ];
    expect(spent.map((r) => r.statusCode)).toEqual([400, 400, 401, 404, 401]);

    const refused = await fromIp(ip, LOGIN, '{"userName":"user","password":"user"}');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(42900);
    expect(refused.headers['retry-after']).toBe('60');
    expect((await fromIp(ip, PAGE, '{}', 'not-a-token')).statusCode).toBe(429);

    // A valid session on the same address is authenticated before the budget applies.
    const served = await fromIp(ip, PAGE, '{}', token);
    expect(served.json().code).toBe(0);
    // Health stays out of the budget: load balancers must keep getting an answer.
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
    expect(health.statusCode).toBe(200);
  });

  it('keeps addresses apart and never counts a successful login', async () => {
    const ip = '203.0.113.2';
    for (let i = 0; i < 8; i++) {
      const ok = await fromIp(ip, LOGIN, '{"userName":"user","password":"user"}');
      expect(ok.json().code).toBe(0);
    }
    expect((await fromIp('203.0.113.3', LOGIN, '{}')).statusCode).toBe(400);
  });

  it('spares a public API key holder (its key has a rate of its own); a wrong key is counted', async () => {
    const ip = '203.0.113.4';
    const admin = await t.login('admin');
    const created = await t.post(
      apiPath('api-key', 'create'),
      { name: 'limit', scopes: ['prompts:read'] },
      { token: admin },
    );
    const secret = (created.body.data as { secret: string }).secret;
    const get = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/public/v1/prompts/999999999',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${key}` },
      });
    // A key's answers, even 404s, use none of the address's budget.
    for (let i = 0; i < 8; i++) expect((await get(secret)).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) expect((await get(`${secret}x`)).statusCode).toBe(401);
    expect((await get(`${secret}x`)).statusCode).toBe(429);
    // The budget spent, the live key still gets through.
    expect((await get(secret)).statusCode).toBe(404);
  });
});
