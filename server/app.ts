import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createAccessEnforcer } from '../contract/access';
import { Code } from '../contract/envelope';
import type { ResourceDef } from '../contract/resource';
import { RESOURCES } from '../contract/resources';
import { installAuthentication } from './auth/authenticate';
import { forgetAllCachedSessions, forgetCachedUserSessions } from './auth/session-cache';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './auth/login-limiter';
import { DEFAULT_TOKEN_TTL_MS } from './auth/sessions';
import type { AppContext } from './context';
import { DEFAULT_PUBLIC_API, installKeyAuth, type PublicApiOptions } from './public/auth';
import { ingestRoutes } from './public/ingest';
import { otlpRoutes } from './public/otlp/routes';
import { publicPromptRoutes } from './public/prompts';
import { apiKeyAdminRoutes } from './routes/api-key-admin';
import { debugRecordRoutes } from './routes/debug-record';
import { promptRunRoutes } from './resources/prompt/run';
import { interfaceValueRoutes } from './resources/prompt/interface-value';
import { ephemeralSecretBox, type SecretBox } from './crypto/secrets';
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from './models/outbound';
import { ModelRunner } from './models/runner';
import { EvaluationWorker, type WorkerOptions } from './evaluation/worker';
import { openListPool, within, type Database } from './db/client';
import { scheduleRetention, type RetentionSettings } from './db/retention';
import { DatabaseHealth } from './db/health';
import { RESOURCE_TABLES } from './db/resource-tables';
import { apiPath } from '../contract/api';
import {
  DEFAULT_ANONYMOUS_LIMIT,
  installAnonymousLimit,
  type AnonymousLimit,
} from './http/anonymous-limit';
import { AppError } from './http/app-error';
import {
  budgetError,
  budgetProblem,
  DEFAULT_BODY_LIMITS,
  installKeyCapacityCheck,
  type BodyLimits,
} from './http/body-budget';
import { installErrorHandler } from './http/error-handler';
import { installNotFound } from './http/not-found';
import { addSecurityHeaders } from './http/security-headers';
import { crudRoutes } from './resources/engine/crud';
import { endpointRoutes, type EndpointHandler } from './resources/engine/endpoints';
import { BEHAVIOURS, ENDPOINT_HANDLERS } from './resources';
import { setListPool } from './resources/engine/paging';
import { watchSessionChanges } from './auth/session-channel';
import { ResourceStore } from './resources/engine/store';
import { configuredRoutes } from './resource-config/dispatch';
import { restProxyRoutes } from './resource-config/rest-proxy';
import { DeclarationRegistry, watchSighup } from './resource-config/registry';
import { ConfiguredResources } from './resource-config/served';
import { DeclarationStore } from './resource-config/store';
import { healthRoutes } from './routes/health';
import { resourceConfigRoutes } from './routes/resource-config';
import { menuRoutes } from './routes/menu';
import { modelRoutes } from './routes/model';
import { statisticRoutes } from './routes/statistics';
import { optionRoutes } from './routes/options';
import { userRoutes } from './routes/user';
import { userAdminRoutes } from './routes/user-admin';
import { mockRoutes, type MockOptions } from '../mock';

export interface BuildAppOptions {
  db: Database;
  /** The spec §7 sample handlers (mock/): their latency and clock; no delay unless given. */
  mock?: MockOptions;
  /** Readiness check of the database (OpenedDatabase.ping); defaults to `select 1` on `db`. */
  ping?: (timeoutMs: number) => Promise<void>;
  /** Fastify logger option; off unless given. */
  logger?: FastifyServerOptions['logger'];
  /** The resources to serve; defaults to the contract's. Tests add fixtures here. */
  resources?: readonly ResourceDef[];
  /** Resource name → table; defaults to server/db/resource-tables.ts. */
  tables?: Readonly<Record<string, PgTable>>;
  /** Handlers of declared calls beyond CRUD, by resource; defaults to resources/index.ts. */
  handlers?: Readonly<Record<string, Readonly<Record<string, EndpointHandler>>>>;
  /** A built console (vite's dist) to serve with SPA fallback; ignored if it does not exist. */
  staticDir?: string;
  tokenTtlMs?: number;
  loginLimits?: Partial<LoginLimits>;
  /** Per-address budget for all /api calls; off unless given (login has its own limits). */
  apiRateLimit?: { max: number; timeWindowMs?: number } | false;
  /** Behind a proxy or load balancer, so request.ip is the client's (see Fastify docs). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number;
  /** OpenAPI docs at /api/docs (default on; API_DOCS=0 turns them off). */
  docs?: boolean;
  /** Slow-client bounds (README: REQUEST_TIMEOUT_MS and friends). */
  timeouts?: Partial<ServerTimeouts>;
  /** Structure a JSON body may have (depth, keys per object, values); see http/body-budget.ts. */
  bodyLimits?: Partial<BodyLimits>;
  /** Per-address budget of API answers to unauthenticated callers; false turns it off. */
  anonymousLimit?: Partial<AnonymousLimit> | false;
  /** The public API's per-key rate (API_KEY_REQUESTS_PER_MINUTE). */
  publicApi?: Partial<PublicApiOptions>;
  /** RESOURCES_CONFIG: a JSON or YAML file of resource declarations. */
  resourcesConfig?: string;
  /** Re-read the declarations on SIGHUP while the app is open (main.ts; tests call reload). */
  reloadOnSighup?: boolean;
  /**
   * Re-read the page's declarations this often (ms), so a change made through another server
   * on the same PostgreSQL is served here too; off unless given (main.ts sets it).
   */
  declarationPollMs?: number;
  /**
   * Trust a confirmed session this long (ms) before asking the database again; revocations on
   * this server apply at once, other servers' within this. Off unless given (main.ts sets it).
   */
  sessionCacheMs?: number;
  /**
   * PostgreSQL: lists run on a pool of their own of `connections` connections, each list
   * statement under `timeoutMs` (LIST_CONNECTIONS, LIST_TIMEOUT_MS); without it lists share the
   * main pool (main.ts sets it for PostgreSQL).
   */
  lists?: { connections: number; timeoutMs: number };
  /**
   * Deletes template calls and chat sessions past their retention (db/retention.ts:
   * RETENTION_CALL_DAYS, RETENTION_SESSION_DAYS, RETENTION_INTERVAL_MS); off unless given.
   */
  retention?: RetentionSettings & { intervalMs?: number };
  /**
   * Seals 'secret' fields at rest (main.ts: APP_SECRET or DATA_DIR/secret.key). Without one the
   * key lives as long as the process: right for tests, wrong for a deployment.
   */
  secrets?: SecretBox;
  /** Where the server may send requests an operator configured (OUTBOUND_ALLOWED_HOSTS). */
  outbound?: OutboundPolicy;
  /**
   * Run evaluation jobs in this server (main.ts: on unless EVALUATION_WORKER=0); off by default
   * so a test's app does no work it did not ask for.
   */
  evaluationWorker?: WorkerOptions | false;
}

/**
 * Log paths that may hold a password or a secret: request bodies and headers, should anything
 * log them (Fastify itself does not), and the same keys one level down in any logged object.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...['password', 'oldPassword', 'newPassword', 'secret', 'token'].flatMap((key) => [
    `body.${key}`,
    `req.body.${key}`,
    `request.body.${key}`,
    `*.${key}`,
  ]),
];

/** The logger option with redaction added (pino's `redact`); off stays off. */
function withRedaction(
  logger: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } };
}

export interface ServerTimeouts {
  /** The whole request must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no traffic at all is closed after this. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
};

const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its styles at run time (CSS-in-JS).
    styleSrc: ["'self'", "'unsafe-inline'"],
    // An agent's avatar is a URL its owner enters (a CDN's picture): any https origin may
    // serve one. Pictures only; helmet's no-referrer keeps the console's addresses out of them.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // No upgrade-insecure-requests: the embedded default is served over plain HTTP.
  },
};

/** Builds the API (and optionally the console) without listening; tests use inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const resources = options.resources ?? RESOURCES;
  const tables = options.tables ?? RESOURCE_TABLES;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: withRedaction(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // A client sending a byte now and then must not hold a connection for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the header and request deadlines on this interval (30 s by default).
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: 1_000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app, { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits });
  installKeyCapacityCheck(app);

  // HSTS only where the page really came over HTTPS (below): the embedded default is plain HTTP.
  addSecurityHeaders(app, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers carry personal data and tokens: no cache may keep them.
    // A route that says how its answer may be kept (the public prompts) is left to say so.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    }
  });
  await app.register(compress);
  if (options.apiRateLimit) {
    await app.register(rateLimit, {
      max: options.apiRateLimit.max,
      timeWindow: options.apiRateLimit.timeWindowMs ?? 60_000,
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => new AppError(Code.TOO_MANY, 'tooMany'),
    });
  }
  if (options.docs ?? true) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Copilot Console API',
          description: 'Every manage call answers { code, msg, data }; code 0 is success.',
          version: '1',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  const spa = !!staticDir && existsSync(resolve(staticDir, 'index.html'));
  if (spa && staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; the page itself must be revalidated.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // A session ended through any server leaves every server's session cache at once.
  const sessionWatch = await watchSessionChanges(options.db, (userId) =>
    userId === undefined
      ? forgetAllCachedSessions(options.db)
      : forgetCachedUserSessions(options.db, userId),
  );
  app.addHook('onClose', () => sessionWatch.close());
  if (options.lists) {
    const pool = openListPool(options.db, options.lists.connections, options.lists.timeoutMs);
    if (pool) {
      setListPool(options.db, pool.db);
      app.addHook('onClose', () => pool.close());
    }
  }
  const stores = new Map<string, ResourceStore>();
  const secrets = options.secrets ?? ephemeralSecretBox();
  for (const def of resources) {
    const table = tables[def.name];
    if (!table) throw new Error(`resource ${def.name} has no table in RESOURCE_TABLES`);
    stores.set(
      def.name,
      new ResourceStore(def, table, options.db, (name) => stores.get(name), secrets),
    );
  }
  const dbHealth = new DatabaseHealth();
  installErrorHandler(app, dbHealth);
  // Any answer below 500 to a manage call went through the database (authentication reads it).
  app.addHook('onResponse', async (request, reply) => {
    if (
      dbHealth.state !== 'ok' &&
      reply.statusCode < 500 &&
      request.url.startsWith('/api/manage/')
    ) {
      dbHealth.set('ok');
    }
  });
  const enforcer = await createAccessEnforcer(resources);
  const registry = new DeclarationRegistry({
    db: options.db,
    ...(options.resourcesConfig ? { configPath: options.resourcesConfig } : {}),
    builtIns: resources,
    log: app.log,
  });
  const configured = new ConfiguredResources({
    db: options.db,
    registry,
    enforcer,
    builtIns: stores,
    log: app.log,
  });
  // The server comes up even while the database is down (it answers 503 then, and recovers by
  // itself): the declarations are loaded once it answers, retried until they are.
  await loadDeclarations(app, configured, DECLARATION_RETRY_MS);
  await configured.settled();
  if (options.retention) {
    const stop = scheduleRetention(options.db, options.retention, {
      ...(options.retention.intervalMs ? { intervalMs: options.retention.intervalMs } : {}),
      onRound: (counts) => {
        if (counts.calls || counts.sessions) app.log.info({ retention: counts }, 'retention');
      },
      onError: (error) => app.log.warn({ err: error }, 'retention round failed'),
    });
    app.addHook('onClose', stop);
  }
  if (options.declarationPollMs) {
    const timer = setInterval(() => {
      registry.reloadPage().catch((error: unknown) => {
        app.log.warn({ err: error }, 'resource declarations could not be re-read');
      });
    }, options.declarationPollMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (options.reloadOnSighup) {
    const unwatch = watchSighup(registry, app.log, () => configured.reload());
    app.addHook('onClose', async () => unwatch());
  }
  const ctx: AppContext = {
    db: options.db,
    ping: options.ping ?? ((ms) => pingWith(options.db, ms)),
    dbHealth,
    enforcer,
    authenticate: installAuthentication(app, options.db, {
      sessionCacheMs: options.sessionCacheMs ?? 0,
    }),
    loginLimiter: new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }),
    tokenTtlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    resources,
    stores,
    registry,
    configured,
    secrets,
    models: new ModelRunner(secrets, options.outbound ?? DEFAULT_OUTBOUND_POLICY),
  };
  if (options.evaluationWorker) {
    const worker = new EvaluationWorker(options.db, ctx.models, {
      log: app.log,
      ...options.evaluationWorker,
    });
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }

  const keyAuth = installKeyAuth(app, options.db, { ...DEFAULT_PUBLIC_API, ...options.publicApi });
  if (options.anonymousLimit !== false) {
    installAnonymousLimit(
      app,
      { ...DEFAULT_ANONYMOUS_LIMIT, ...options.anonymousLimit },
      ctx.authenticate,
      apiPath('user', 'login'),
      keyAuth.identify,
    );
  }
  healthRoutes(app, ctx);
  userRoutes(app, ctx);
  userAdminRoutes(app, ctx);
  apiKeyAdminRoutes(app, ctx);
  promptRunRoutes(app, ctx);
  interfaceValueRoutes(app, ctx);
  debugRecordRoutes(app, ctx);
  publicPromptRoutes(app, ctx.db, keyAuth);
  ingestRoutes(app, ctx.db, keyAuth);
  otlpRoutes(app, ctx.db, keyAuth);
  menuRoutes(app, ctx);
  modelRoutes(app, ctx);
  statisticRoutes(app, ctx);
  optionRoutes(app, ctx);
  mockRoutes(app, ctx, options.mock);
  const handlers = options.handlers ?? ENDPOINT_HANDLERS;
  for (const def of resources) {
    const store = stores.get(def.name) as ResourceStore;
    crudRoutes(app, ctx, def, store, BEHAVIOURS[def.name]);
    endpointRoutes(app, ctx, def, store, handlers[def.name] ?? {});
  }
  resourceConfigRoutes(
    app,
    ctx,
    new DeclarationStore(options.db, {
      fileDeclarations: () => registry.fileDeclarations(),
      builtIns: resources,
    }),
  );
  restProxyRoutes(app, ctx, configured);
  // After every static route: it serves only what they leave (dispatch.ts).
  configuredRoutes(app, ctx, configured);
  installNotFound(app, spa);
  return app;
}

/** How often the first load of the resource declarations is retried while it fails. */
const DECLARATION_RETRY_MS = 2_000;

/**
 * Loads the declarations (file and table) and their indexes. A failure (the database is
 * unreachable at start) is logged and retried in the background until it succeeds or the app
 * closes; meanwhile only the built-in resources are served.
 */
async function loadDeclarations(
  app: FastifyInstance,
  configured: ConfiguredResources,
  retryMs: number,
): Promise<void> {
  try {
    await configured.reload();
    return;
  } catch (error) {
    app.log.warn({ err: error }, 'resource declarations could not be loaded; retrying');
  }
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    timer = setTimeout(() => {
      configured.reload().then(
        () => app.log.info('resource declarations loaded'),
        () => {
          if (!closed) retry();
        },
      );
    }, retryMs);
    timer.unref();
  };
  retry();
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}

/**
 * Calls such as logout carry no payload; some clients still send a JSON content type. A body
 * over the structure budget is refused from its text, before any object is built from it.
 */
function acceptEmptyJsonBodies(app: FastifyInstance, limits: BodyLimits): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // A route may allow a larger structure (the ingest batch) in its config.
    const problem = budgetProblem(text, request.routeOptions.config?.bodyLimits ?? limits);
    if (problem) return done(budgetError(problem), undefined);
    parseJson(request, text, done);
  });
}

/** A readiness ping through the app's own database handle, bounded in time. */
async function pingWith(db: Database, timeoutMs: number): Promise<void> {
  await within(db.execute(sql`select 1`), timeoutMs, 'the database');
}
