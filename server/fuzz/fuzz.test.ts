import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code, httpStatusFor } from '../../contract/envelope';
import { ROLES, type Role } from '../../contract/resource';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { MOCK_CODE } from '../../mock/constants';
import {
  ALL_ROUTES,
  HEALTH,
  LOGIN,
  rolesFor,
  SAMPLE_ROUTES,
  servedRoutes,
  type RouteEntry,
} from '../test/routes';

const SAMPLE_URLS = new Set(SAMPLE_ROUTES.map((r) => r.url));
import { malformedPayload, type Payload } from './arbitraries';

/**
 * Malformed bodies generated from every route's zod schema never get a 5xx, always a 4xx whose
 * body code is in the contract's catalogue, in bounded bytes and time.
 * FUZZ_RUNS scales the total (default 10,500); FUZZ_SEED replays a failing run.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const MIN_CASES = Math.min(TOTAL_RUNS, 10_000);
const MAX_ANSWER_BYTES = 8 * 1024;
/** Per answer; generous for a loaded CI machine, far below what an amplification costs. */
const MAX_ANSWER_MS = 2_000;
const ERROR_CODES = new Set<number>(
  Object.values(Code).filter((c) => c !== Code.OK && c !== Code.LEGACY_OK),
);

type Caller = Role | 'anonymous' | 'bogus';

describeBackends('fuzz: malformed input on every route', (backend) => {
  // The budget for unauthenticated answers is exercised but kept out of the way.
  const t = useTestApp(backend, { anonymousLimit: { perMinute: 1_000_000 } });
  const tokens = {} as Record<Role, string>;
  const stats = { sent: 0, maxBytes: 0, slowestMs: 0, byStatus: new Map<number, number>() };
  beforeAll(async () => {
    for (const role of ROLES) tokens[role] = await t.login(role);
  });
  afterAll(() => {
    const statuses = [...stats.byStatus].sort(([a], [b]) => a - b);
    console.info(
      `fuzz [${backend.name}]: ${stats.sent} malformed requests, statuses ${JSON.stringify(statuses)}, ` +
        `largest answer ${stats.maxBytes} B, slowest ${stats.slowestMs.toFixed(1)} ms`,
    );
  });

  const headersFor = (caller: Caller, contentType?: string): Record<string, string> => {
    const headers: Record<string, string> = { 'accept-language': 'en-US' };
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (caller === 'bogus') headers.authorization = 'Bearer not-a-token';
    else if (caller !== 'anonymous') headers.authorization = `Bearer ${tokens[caller]}`;
    return headers;
  };

  /** Sends one request and checks what every answer to bad input must be. */
  async function expectRefused(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    caller: Caller,
    payload?: Payload,
  ): Promise<{ status: number; code: number; bytes: number; ms: number }> {
    const start = performance.now();
    const res = await t.app.inject({
      method,
      url,
      headers: headersFor(caller, payload?.contentType),
      ...(payload ? { payload: payload.text } : {}),
    });
    const ms = performance.now() - start;
    const bytes = res.rawPayload.length;
    stats.sent++;
    stats.maxBytes = Math.max(stats.maxBytes, bytes);
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
    const what = `${method} ${url} as ${caller}: ${payload?.kind ?? ''} ${payload?.text.slice(0, 200) ?? ''}`;
    expect(res.statusCode, `${what}\n→ ${res.body.slice(0, 500)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what}\n→ ${res.body.slice(0, 500)}`).toBeLessThan(500);
    const body = res.json<{ code: unknown; msg: unknown }>();
    expect(ERROR_CODES.has(body.code as number), `${what}: code ${String(body.code)}`).toBe(true);
    expect(typeof body.msg).toBe('string');
    if (SAMPLE_URLS.has(url) && body.code === MOCK_CODE.FAILURE) {
      // The sample calls refuse bad input with the mocks' own code (spec §8), sent as 400 or
      // 413: the fault is the caller's. Refusals before the route (content type) stay 40000.
      expect([400, 413], what).toContain(res.statusCode);
    } else if (SAMPLE_URLS.has(url) && body.code === MOCK_CODE.NOT_LOGGED_IN) {
      expect(['anonymous', 'bogus'], what).toContain(caller);
    } else if (res.statusCode === 413) {
      // Status and body code agree; 413 is the one refinement (40000: the body is too large).
      expect(body.code, what).toBe(Code.INVALID);
    } else expect(res.statusCode, what).toBe(httpStatusFor(body.code as number));
    expect(bytes, what).toBeLessThan(MAX_ANSWER_BYTES);
    expect(ms, what).toBeLessThan(MAX_ANSWER_MS);
    return { status: res.statusCode, code: body.code as number, bytes, ms };
  }

  /** Whether the server would accept this body from this caller (then it is not malformed). */
  function acceptable(route: RouteEntry, caller: Caller, payload: Payload): boolean {
    if (caller === 'anonymous' || caller === 'bogus')
      return route.access.kind === 'public' && valid(route, payload);
    if (!rolesFor(route, ROLES).includes(caller)) return false;
    return route.body === undefined || valid(route, payload);
  }

  function valid(route: RouteEntry, payload: Payload): boolean {
    if (!route.body) return true;
    let parsed: unknown;
    try {
      // The server's parser skips a byte-order mark, as RFC 8259 allows.
      const text = payload.text.replace(/^\ufeff/, '');
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      return false;
    }
    return route.body.safeParse(parsed).success;
  }

  /** Mostly a caller the route admits, so the body reaches validation; sometimes not. */
  function callers(route: RouteEntry): fc.Arbitrary<Caller> {
    const allowed = route.access.kind === 'public' ? [] : rolesFor(route, ROLES);
    const refused = ROLES.filter((r) => !allowed.includes(r));
    const strangers: Caller[] = ['anonymous', 'bogus', ...refused];
    // Routes without a body accept any JSON from a signed-in caller: fuzz them as strangers.
    if (!allowed.length || !route.body) return fc.constantFrom(...strangers);
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom<Caller>(...allowed) },
      { weight: 2, arbitrary: fc.constantFrom(...strangers) },
    );
  }

  const postRoutes = ALL_ROUTES.filter((r) => r.method === 'POST');
  const runsPerRoute = Math.ceil(TOTAL_RUNS / postRoutes.length);

  it.each(postRoutes.map((r) => [r.url, r] as const))(
    '%s answers every malformed body with a 4xx envelope',
    async (_, route) => {
      await fc.assert(
        fc.asyncProperty(malformedPayload(route.body), callers(route), async (payload, caller) => {
          fc.pre(!acceptable(route, caller, payload));
          await expectRefused('POST', route.url, caller, payload);
        }),
        { numRuns: runsPerRoute, seed: SEED, maxSkipsPerRun: 1_000 },
      );
    },
  );

  it(`${HEALTH} (and what lies below it) refuses other methods with 4xx and stays up`, async () => {
    const health = servedRoutes(t.app).filter(
      (r) => r.method === 'GET' && r.url.startsWith(HEALTH),
    );
    expect(health.map((r) => r.url)).toContain(HEALTH);
    const methods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...health.map((r) => r.url)),
        malformedPayload(undefined),
        fc.constantFrom(...methods),
        fc.constantFrom<Caller>('anonymous', 'bogus', 'user'),
        async (url, payload, method, caller) => {
          await expectRefused(method, url, caller, payload);
        },
      ),
      { numRuns: runsPerRoute, seed: SEED },
    );
    for (const { url } of health) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${'x=%00&'.repeat(500)}` });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it(`sent at least ${MIN_CASES} malformed requests, none answered 5xx`, () => {
    expect(stats.sent).toBeGreaterThanOrEqual(MIN_CASES);
    expect([...stats.byStatus.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
  });

  it('answers the 60,000-key amplification body in bounded bytes and time, on every route', async () => {
    // Without the key budget, this body answered one issue per key: megabytes of work and answer.
    const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]));
    const text = JSON.stringify({ userName: 'admin', password: 'x', ...keys });
    const payload: Payload = { kind: 'amplification', text, contentType: 'application/json' };
    let requests = 0;
    let maxBytes = 0;
    let slowestMs = 0;
    for (const route of postRoutes) {
      for (const caller of ['anonymous', ...rolesFor(route, ROLES)] as Caller[]) {
        const answer = await expectRefused('POST', route.url, caller, payload);
        expect(answer.bytes).toBeLessThan(1024);
        expect(answer.ms).toBeLessThan(1_000);
        requests++;
        maxBytes = Math.max(maxBytes, answer.bytes);
        slowestMs = Math.max(slowestMs, answer.ms);
      }
    }
    console.info(
      `amplification [${backend.name}]: ${requests} requests of ${text.length} B, ` +
        `largest answer ${maxBytes} B, slowest ${slowestMs.toFixed(1)} ms`,
    );
  });

  it('refuses a required name that shows nothing and lone surrogates anywhere, with 40000', async () => {
    const create = apiPath('scene', 'create');
    for (const blank of ['\u200b', ' \u200b\u200c ', '\u2060\ufeff', '\u3164', '\u2800']) {
      const res = await t.post(
        create,
        { sceneName: blank, sceneCode: 'c-blank' },
        { token: tokens.user, lang: 'en-US' },
      );
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual({ issues: [{ field: 'sceneName', message: 'is required' }] });
    }
    for (const bad of ['\ud800', 'a\udc00', 'x\u0000']) {
      const res = await t.post(
        create,
        { sceneName: 'ok', sceneCode: bad },
        { token: tokens.user, lang: 'en-US' },
      );
      expect(res.body.data).toEqual({
        issues: [{ field: 'sceneCode', message: 'contains invalid characters' }],
      });
      const login = await t.post(LOGIN, { userName: bad, password: bad });
      expect(login.body.code).toBe(40000);
    }
    const invisibleLogin = await t.post(LOGIN, { userName: '\u200b', password: 'x' });
    expect(invisibleLogin.body.code).toBe(40000);
    // Edge text that shows something is stored as it came.
    const fine = ['e\u0301\u0301', '𝕏😀👨‍👩‍👧‍👦', 'İı', '\u202eevil', 'a\u200bb', "'; drop table x; --"];
    for (const [i, name] of fine.entries()) {
      const res = await t.post(
        create,
        { sceneName: name, sceneCode: `edge-${i}` },
        { token: tokens.user },
      );
      expect(res.body.code, name).toBe(0);
      expect((res.body.data as { sceneName: string }).sceneName).toBe(name.trim());
    }
  });
});
