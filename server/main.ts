/**
 * Starts the console: reads the environment, opens the database, seeds on first start, listens.
 * Run with `tsx server/main.ts` (npm start). Everything else lives in app.ts.
 */
import { buildApp, DEFAULT_TIMEOUTS } from './app';
import { DEFAULT_LOGIN_LIMITS } from './auth/login-limiter';
import { DEFAULT_PUBLIC_API } from './public/auth';
import { DEFAULT_SESSION_CACHE_MS } from './auth/session-cache';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  openDatabase,
} from './db/client';
import { loadSecretBox } from './crypto/secrets';
import { outboundPolicyFromEnv } from './models/outbound';
import { seed } from './db/seed';
import { DEFAULT_ANONYMOUS_LIMIT } from './http/anonymous-limit';
import { DEFAULT_BODY_LIMITS } from './http/body-budget';
import { DEFAULT_LIST_TIMEOUT_MS, listConnectionsFor } from './resources/engine/paging';
import { DEFAULT_RETENTION_INTERVAL_MS } from './db/retention';
import { mockDelayFrom } from '../mock/delay';

const env = process.env;

function numberFrom(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number`);
  return value;
}

async function main(): Promise<void> {
  const port = numberFrom('PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  // Spec §7: the sample handlers answer after 600–1000 ms unless MOCK_DELAY says otherwise.
  const mockDelay = mockDelayFrom(env.MOCK_DELAY);
  const poolSize = numberFrom('DB_POOL_SIZE', 10);
  // docs/SCALING.md "Pool sizing": LIST_CONNECTIONS of the DB_POOL_SIZE connections are the
  // lists' own pool (app.ts), the rest serve details, sign-in and writes.
  const listConnections = numberFrom('LIST_CONNECTIONS', listConnectionsFor(poolSize)) || Infinity;
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          databaseUrl: env.DATABASE_URL,
          maxConnections: Number.isFinite(listConnections)
            ? Math.max(1, poolSize - listConnections)
            : poolSize,
          connectTimeoutMs: numberFrom('DB_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
          statementTimeoutMs: numberFrom('DB_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
        }
      : { dataDir: env.DATA_DIR || './data' },
  );
  // docs/SECURITY.md "Secrets": APP_SECRET, else a key file beside the embedded database.
  const secrets = await loadSecretBox({
    appSecret: env.APP_SECRET || undefined,
    dataDir: env.DATA_DIR || './data',
  });
  const apiPerMinute = numberFrom('API_RATE_LIMIT_PER_MINUTE', 0);
  const anonymousPerMinute = numberFrom(
    'ANONYMOUS_REQUESTS_PER_MINUTE',
    DEFAULT_ANONYMOUS_LIMIT.perMinute,
  );
  const app = await buildApp({
    db: database.db,
    ping: database.ping,
    logger: { level: env.LOG_LEVEL || 'info' },
    secrets: secrets.box,
    outbound: outboundPolicyFromEnv(env.OUTBOUND_ALLOWED_HOSTS),
    evaluationWorker: env.EVALUATION_WORKER === '0' ? false : {},
    docs: env.API_DOCS !== '0',
    timeouts: {
      requestMs: numberFrom('REQUEST_TIMEOUT_MS', DEFAULT_TIMEOUTS.requestMs),
      headersMs: numberFrom('HEADERS_TIMEOUT_MS', DEFAULT_TIMEOUTS.headersMs),
      keepAliveMs: numberFrom('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_TIMEOUTS.keepAliveMs),
      idleMs: numberFrom('IDLE_TIMEOUT_MS', DEFAULT_TIMEOUTS.idleMs),
    },
    staticDir: env.STATIC_DIR || 'dist',
    tokenTtlMs: numberFrom('TOKEN_TTL_HOURS', 7 * 24) * 3_600_000,
    loginLimits: {
      attemptsPerIpPerMinute: numberFrom('LOGIN_ATTEMPTS_PER_MINUTE', 20),
      freeFailures: numberFrom('LOGIN_FREE_FAILURES', DEFAULT_LOGIN_LIMITS.freeFailures),
      baseDelayMs: numberFrom('LOGIN_BACKOFF_BASE_MS', DEFAULT_LOGIN_LIMITS.baseDelayMs),
      maxDelayMs: numberFrom('LOGIN_BACKOFF_MAX_MS', DEFAULT_LOGIN_LIMITS.maxDelayMs),
    },
    apiRateLimit: apiPerMinute > 0 ? { max: apiPerMinute } : false,
    anonymousLimit: anonymousPerMinute > 0 ? { perMinute: anonymousPerMinute } : false,
    publicApi: {
      keyRequestsPerMinute: numberFrom(
        'API_KEY_REQUESTS_PER_MINUTE',
        DEFAULT_PUBLIC_API.keyRequestsPerMinute,
      ),
    },
    bodyLimits: {
      maxDepth: numberFrom('BODY_MAX_DEPTH', DEFAULT_BODY_LIMITS.maxDepth),
      maxKeys: numberFrom('BODY_MAX_KEYS', DEFAULT_BODY_LIMITS.maxKeys),
      maxValues: numberFrom('BODY_MAX_VALUES', DEFAULT_BODY_LIMITS.maxValues),
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    mock: { delay: mockDelay },
    // Declarations an admin keeps in git, re-read on SIGHUP.
    ...(env.RESOURCES_CONFIG ? { resourcesConfig: env.RESOURCES_CONFIG } : {}),
    reloadOnSighup: true,
    // Several servers on one PostgreSQL see each other's page declarations within this.
    declarationPollMs: numberFrom('DECLARATION_POLL_MS', 5_000),
    // Another server's logout or disable reaches this one within this (docs/SCALING.md).
    sessionCacheMs: numberFrom('SESSION_CACHE_MS', DEFAULT_SESSION_CACHE_MS),
    // Calls and sessions past their retention go; the statistics keep them.
    retention: {
      callDays: numberFrom('RETENTION_CALL_DAYS', 0),
      sessionDays: numberFrom('RETENTION_SESSION_DAYS', 0),
      intervalMs: numberFrom('RETENTION_INTERVAL_MS', DEFAULT_RETENTION_INTERVAL_MS),
    },
    // docs/SCALING.md "Pool sizing": lists leave part of the pool to everything else. PGlite
    // runs one statement at a time whatever the bound, and cannot cancel one.
    ...(database.kind === 'postgres'
      ? {
          lists: {
            connections: listConnections,
            timeoutMs: numberFrom('LIST_TIMEOUT_MS', DEFAULT_LIST_TIMEOUT_MS),
          },
        }
      : {}),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  const seeded = await seed(database.db, {
    kind: database.kind,
    seedDemo: env.SEED_DEMO,
    adminPassword: env.ADMIN_PASSWORD,
  });
  if (seeded.seeded !== 'none') app.log.info({ seeded: seeded.seeded }, 'database seeded');
  if (env.DATABASE_URL && secrets.source !== 'APP_SECRET') {
    app.log.warn(
      'Plugin secrets are sealed with the key file in DATA_DIR. Set APP_SECRET (the same on ' +
        'every instance) before running more than one instance on this database.',
    );
  }
  if (seeded.generatedAdminPassword) {
    app.log.warn(
      `Created the admin account: user name "admin", password "${seeded.generatedAdminPassword}". ` +
        'It is shown only this once; set ADMIN_PASSWORD to choose your own.',
    );
  }
  if (seeded.demoPasswordInUse) {
    app.log.warn(
      'A demo account still logs in with its demo password (admin/admin or user/user). ' +
        'Set ADMIN_PASSWORD and change the demo user before exposing this server.',
    );
  }

  await app.listen({ port, host });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Copilot Console (${database.kind}) on http://${shownHost}:${actualPort}/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
