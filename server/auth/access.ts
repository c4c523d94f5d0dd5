import type { Enforcer, Watcher } from 'casbin';
import type { preValidationAsyncHookHandler } from 'fastify';
import { can } from '../../contract/access';
import type { Action } from '../../contract/resource';
import { forbidden } from '../http/app-error';
import { callerOf } from './authenticate';

/**
 * casbin's decisions, remembered per (role, resource, action) until the policy changes. An
 * enforce walks every rule through the matcher (~70 µs with the built-ins' policy); the answer
 * only changes when the rules do, which casbin announces to its watcher (configured resources
 * add and remove rules at run time: resource-config/served.ts).
 */
export class Decisions {
  private known = new Map<string, boolean>();

  constructor(private readonly enforcer: Enforcer) {
    const forget = () => {
      this.known = new Map();
      // casbin tells the watcher before it changes the model, and a check may run in between:
      // forget again once the change is done.
      setImmediate(() => (this.known = new Map()));
    };
    const watcher: Watcher = {
      update: async () => {
        forget();
        return true;
      },
      // The enforcer's own reload callback: its policy lives in memory only, nothing to reload.
      setUpdateCallback: () => {},
    };
    enforcer.setWatcher(watcher);
  }

  async can(role: string, resource: string, action: Action): Promise<boolean> {
    const key = `${role}\u0000${resource}\u0000${action}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const generation = this.known;
    const allowed = await can(this.enforcer, role, resource, action);
    // A decision taken while the policy changed is not kept.
    if (this.known === generation) this.known.set(key, allowed);
    return allowed;
  }
}

const decisionsOf = new WeakMap<Enforcer, Decisions>();

/** The one decision cache of an enforcer. */
export function decisions(enforcer: Enforcer): Decisions {
  let cached = decisionsOf.get(enforcer);
  if (!cached) decisionsOf.set(enforcer, (cached = new Decisions(enforcer)));
  return cached;
}

/** Enforces the shared casbin policy; runs after `authenticate`. */
export function requirePermission(
  enforcer: Enforcer,
  resource: string,
  action: Action,
): preValidationAsyncHookHandler {
  const cache = decisions(enforcer);
  return async function checkPermission(request) {
    if (!(await cache.can(callerOf(request).role, resource, action))) throw forbidden();
  };
}
