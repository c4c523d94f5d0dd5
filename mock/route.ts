import type {
  FastifyInstance,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../contract/envelope-schema';
import { callerOf } from '../server/auth/authenticate';
import type { MessageBox } from './messages';
import { mockErrorHandler, mockOk } from './reply';

/** What every sample route of one app shares (built once by mockRoutes). */
export interface MockShared {
  authenticate: preValidationAsyncHookHandler;
  /** The configured latency. */
  wait: preHandlerAsyncHookHandler;
  now: () => Date;
  /** State held by this app instance. */
  messages: MessageBox;
}

/** What a sample handler gets: the validated query and body, the caller and the app's state. */
export interface MockInput<Q, B> {
  query: Q;
  body: B;
  /** The caller's account id (from the token). */
  userId: string;
  now: Date;
  messages: MessageBox;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<D, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: 'GET' | 'POST';
  url: string;
  /** The OpenAPI summary. */
  summary: string;
  query?: Q;
  body?: B;
  /** The answer's `data`. */
  answer: z.ZodType<D>;
  handle(input: MockInput<Parsed<Q>, Parsed<B>>): D;
}

/** A sample route with its types erased, so routes of every shape fit one table. */
export interface MockRoute {
  method: 'GET' | 'POST';
  url: string;
  query?: z.ZodType;
  body?: z.ZodType;
  register(app: FastifyInstance, shared: MockShared): void;
}

/**
 * One sample call: bearer token first (50008 without), then the schemas (50000 on bad input),
 * then the configured delay, then the handler; the answer is checked against `answer`.
 */
export function mockRoute<
  D,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<D, Q, B>): MockRoute {
  return {
    method: spec.method,
    url: spec.url,
    query: spec.query,
    body: spec.body,
    register(app, shared) {
      app.route({
        method: spec.method,
        url: spec.url,
        preValidation: shared.authenticate,
        preHandler: shared.wait,
        errorHandler: mockErrorHandler,
        schema: {
          tags: ['mock'],
          summary: spec.summary,
          security: [{ bearer: [] }],
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response: { 200: envelopeOf(spec.answer), '4xx': errorEnvelope, '5xx': errorEnvelope },
        },
        handler: async (request) =>
          mockOk(
            request,
            spec.handle({
              // The validator compiler has replaced both with what the schemas parsed.
              query: request.query as Parsed<Q>,
              body: request.body as Parsed<B>,
              userId: callerOf(request).id,
              now: shared.now(),
              messages: shared.messages,
            }),
          ),
      });
    },
  };
}
