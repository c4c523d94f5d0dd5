import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../contract/envelope-schema';
import type { AppContext } from '../server/context';
import { pickDelay, type DelayRange } from './delay';
import { MessageBox } from './messages';
import { mockErrorHandler, mockOk } from './reply';
import type { MockRoute } from './route';
import { analysisRoutes } from './routes/analysis';
import { listRoutes } from './routes/lists';
import { userCenterRoutes } from './routes/user-center';
import { workplaceRoutes } from './routes/workplace';
import { okSchema } from './schemas';

export type { DelayRange } from './delay';

/** How the sample handlers behave in one app. */
export interface MockOptions {
  /**
   * Latency added to every sample answer. None unless given, so tests built with buildApp run
   * at full speed; main.ts passes MOCK_DELAY (spec §7: 600–1000 ms by default).
   */
  delay?: DelayRange | false;
  /** The clock the sample dates are relative to (tests fix it). */
  now?: () => Date;
  /** Draws the delay, a float in [0, 1). */
  random?: () => number;
}

/** Largest upload the sample upload call reads (and throws away). */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

const UPLOAD_URL = '/api/user/upload';

/** Every sample call but the upload, by area. */
const ROUTES: readonly MockRoute[] = [
  ...workplaceRoutes,
  ...listRoutes,
  ...analysisRoutes,
  ...userCenterRoutes,
];

/**
 * Every sample call the server mounts (method, path, query and body schemas), for the route
 * tables of the authorization and fuzz tests. All of them need a valid token, like every call
 * the console makes after login.
 */
export const MOCK_ROUTES: readonly Pick<MockRoute, 'method' | 'url' | 'query' | 'body'>[] = [
  ...ROUTES.map(({ method, url, query, body }) => ({ method, url, query, body })),
  { method: 'POST', url: UPLOAD_URL },
];

/**
 * Mounts the spec §7 sample handlers under /api/*, behind the bearer token and after the
 * configured delay; the template-demo's user info, login and logout calls are not mounted.
 */
export function mockRoutes(app: FastifyInstance, ctx: AppContext, options: MockOptions = {}): void {
  const { delay = false, now = () => new Date(), random = Math.random } = options;
  const wait: preHandlerAsyncHookHandler = async () => {
    if (!delay) return;
    const ms = pickDelay(delay, random);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  };
  const shared = { authenticate: ctx.authenticate, wait, now, messages: new MessageBox() };
  for (const route of ROUTES) route.register(app, shared);

  // Its own scope: only this call reads multipart/form-data (an avatar from antd's Upload).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(UPLOAD_URL, {
      // Before the body is read: a stranger's megabytes are refused unread.
      onRequest: (request, reply) => ctx.authenticate.call(scope, request, reply),
      preHandler: wait,
      errorHandler: mockErrorHandler,
      bodyLimit: UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['mock'],
        summary: 'Sample avatar upload (multipart/form-data or JSON, up to 5 MiB; thrown away)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: envelopeOf(okSchema), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      handler: async (request) => mockOk(request, 'ok' as const),
    });
  });
}
