import type { Enforcer } from 'casbin';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { ResourceDef } from '../contract/resource';
import type { LoginLimiter } from './auth/login-limiter';
import type { Database } from './db/client';
import type { DatabaseHealth } from './db/health';
import type { ResourceStore } from './resources/engine/store';
import type { DeclarationRegistry } from './resource-config/registry';
import type { ConfiguredResources } from './resource-config/served';
import type { SecretBox } from './crypto/secrets';
import type { ModelRunner } from './models/runner';

/** What route modules need, built once in app.ts. */
export interface AppContext {
  db: Database;
  /** `select 1` within a time limit, outside the request pool (readiness). */
  ping(timeoutMs: number): Promise<void>;
  dbHealth: DatabaseHealth;
  enforcer: Enforcer;
  authenticate: preValidationAsyncHookHandler;
  loginLimiter: LoginLimiter;
  tokenTtlMs: number;
  resources: readonly ResourceDef[];
  stores: ReadonlyMap<string, ResourceStore>;
  /** Admin-declared resources: their declarations, and what is served of them. */
  registry: DeclarationRegistry;
  configured: ConfiguredResources;
  /** Seals secret values at rest (plugin secrets, model API keys). */
  secrets: SecretBox;
  /** Calls model versions through their providers. */
  models: ModelRunner;
}
