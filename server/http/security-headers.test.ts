import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders } from './security-headers';

describe('addSecurityHeaders', () => {
  it('sets the same headers on every answer, routes and 404s alike', async () => {
    const app = Fastify();
    addSecurityHeaders(app, {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
      strictTransportSecurity: false,
    });
    app.get('/x', async () => ({ ok: true }));
    const answers = [
      await app.inject({ method: 'GET', url: '/x' }),
      await app.inject({ method: 'GET', url: '/x' }),
      await app.inject({ method: 'GET', url: '/missing' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404]);
    for (const a of answers) {
      expect(a.headers['content-security-policy']).toBe("default-src 'self'");
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(a.headers['strict-transport-security']).toBeUndefined();
    }
    expect(answers[0]!.json()).toEqual({ ok: true });
    await app.close();
  });
});
