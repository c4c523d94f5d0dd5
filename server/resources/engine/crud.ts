import type { FastifyInstance } from 'fastify';
import { apiPath } from '../../../contract/api';
import { requirePermission } from '../../auth/access';
import { callerOf } from '../../auth/authenticate';
import { envelopeOf, errorEnvelope } from '../../../contract/envelope-schema';
import { rolesAllowed, type Action, type ResourceDef, type Role } from '../../../contract/resource';
import { forbidden } from '../../http/app-error';
import { namespaceLabels } from '../../http/field-labels';
import { bindBehaviour, type Behaviour } from './behaviour';
import { crudCalls } from './calls';
import type { AppContext } from '../../context';
import type { ResourceStore } from './store';

export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * Route options shared by every manage call of a resource. Identity and permission are checked
 * before the body is validated, so a stranger learns nothing about a call's schema. Error
 * answers name fields by the labels of the resource's locale namespace.
 */
export function guarded(
  ctx: AppContext,
  def: ResourceDef,
  action: Action,
  roles?: readonly Role[],
) {
  const checks = [ctx.authenticate, requirePermission(ctx.enforcer, def.name, action)];
  if (roles) {
    checks.push(async function requireRole(request) {
      if (!roles.includes(callerOf(request).role)) throw forbidden();
    });
  }
  return { preValidation: checks, config: { fieldLabels: namespaceLabels(def.name) } };
}

/**
 * Whether some role may make a call. One nobody may make is not mounted, so neither served nor
 * published: the platform's own writes (template calls, sessions, evaluation results) have no
 * console role.
 */
export function callable(def: ResourceDef, action: Action, roles?: readonly Role[]): boolean {
  return rolesAllowed(def, action).some((role) => !roles || roles.includes(role));
}

/** Mounts page/detail/create/update/delete/export for one built-in resource, as callable. */
export function crudRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDef,
  store: ResourceStore,
  behaviour: Behaviour = {},
): void {
  const base = apiPath(def.prefix);
  for (const call of crudCalls(def, store, { behaviour: bindBehaviour(behaviour, store) })) {
    if (!callable(def, call.action)) continue;
    // The zod schemas validate as on every route; the calls read their bodies as validated.
    app.post(`${base}/${call.path}`, {
      ...guarded(ctx, def, call.action),
      schema: {
        tags: [def.name],
        summary: call.summary,
        security: [{ bearer: [] }],
        body: call.body,
        response: call.answer ? { 200: envelopeOf(call.answer), ...errors } : { ...errors },
      },
      handler: call.handle,
    });
  }
}
