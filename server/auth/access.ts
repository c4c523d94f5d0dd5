import type { Enforcer } from 'casbin';
import type { preValidationAsyncHookHandler } from 'fastify';
import { can } from '../../contract/access';
import type { Action } from '../../contract/resource';
import { forbidden } from '../http/app-error';
import { callerOf } from './authenticate';

/** Enforces the shared casbin policy; runs after `authenticate`. */
export function requirePermission(
  enforcer: Enforcer,
  resource: string,
  action: Action,
): preValidationAsyncHookHandler {
  return async function checkPermission(request) {
    if (!(await can(enforcer, callerOf(request).role, resource, action))) throw forbidden();
  };
}
