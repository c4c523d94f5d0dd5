import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { buildApp } from '../app';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { captureLogs } from '../test/logs';

describeBackends('public API keys in logs', (backend) => {
  const t = useTestApp(backend);
  const logs = captureLogs();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: t.db, logger: { level: 'trace', stream: logs.stream } });
    // A careless route that logs whole bodies and headers: redaction must still hold.
    app.addHook('preHandler', async (request) => {
      request.log.info({ body: request.body, req: { headers: request.headers } }, 'request');
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('a key’s secret appears in no log line, neither when created nor when used', async () => {
    const login = await app.inject({
      method: 'POST',
      url: apiPath('user', 'login'),
      payload: { userName: 'admin', password: 'admin' },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const created = await app.inject({
      method: 'POST',
      url: apiPath('api-key', 'create'),
      payload: { name: 'logged', scopes: ['prompts:read'] },
      headers: { authorization: `Bearer ${token}` },
    });
    const secret = (created.json() as { data: { secret: string } }).data.secret;
    expect(secret).toMatch(/^ck_/);
    for (const url of ['/api/public/v1/prompts/1', '/api/public/v1/prompts/999999999']) {
      await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    }
    const all = logs.lines.join('');
    expect(all).toContain('/api/public/v1/prompts/1');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(secret.slice(3));
  });
});
