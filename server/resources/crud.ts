import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { requirePermission } from '../auth/access';
import { callerOf } from '../auth/authenticate';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { Action, ResourceDef } from '../../contract/resource';
import {
  createSchema,
  idBody,
  pageAnswerSchema,
  pageSchema,
  recordSchema,
  updateSchema,
  type PageQuery,
} from '../../contract/resource-schema';
import type { AppContext } from '../context';
import { success } from '../http/reply';
import { toColumnValues } from './rows';
import type { ResourceStore } from './store';

export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * Route options shared by every manage call of a resource. Identity and permission are checked
 * before the body is validated, so a stranger learns nothing about a call's schema.
 */
export function guarded(ctx: AppContext, def: ResourceDef, action: Action) {
  return {
    preValidation: [ctx.authenticate, requirePermission(ctx.enforcer, def.name, action)],
  };
}

/** Mounts page/detail/create/update/delete for one resource (DESIGN.md "Config-driven resources"). */
export function crudRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDef,
  store: ResourceStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = apiPath(def.prefix);
  const record = recordSchema(def);
  const docs = (summary: string) => ({ tags: [def.name], summary, security: [{ bearer: [] }] });

  r.post(`${base}/page`, {
    ...guarded(ctx, def, 'list'),
    schema: {
      ...docs(`List ${def.name} records (paging, sorters, filters, keyword)`),
      body: pageSchema(def),
      response: { 200: envelopeOf(pageAnswerSchema(def)), ...errors },
    },
    handler: async (request) =>
      success(request, await store.page(request.body as PageQuery, callerOf(request))),
  });

  r.post(`${base}/detail`, {
    ...guarded(ctx, def, 'show'),
    schema: {
      ...docs(`One ${def.name} record`),
      body: idBody,
      response: { 200: envelopeOf(record), ...errors },
    },
    handler: async (request) =>
      success(request, await store.detail(request.body.id, callerOf(request))),
  });

  r.post(`${base}/create`, {
    ...guarded(ctx, def, 'create'),
    schema: {
      ...docs(`Create a ${def.name} record; answers it`),
      body: createSchema(def),
      response: { 200: envelopeOf(record), ...errors },
    },
    handler: async (request) => {
      const body = request.body as Record<string, unknown> & { scope?: string };
      const values = toColumnValues(def, body);
      return success(request, await store.create(values, callerOf(request), body.scope));
    },
  });

  r.post(`${base}/update`, {
    ...guarded(ctx, def, 'edit'),
    schema: {
      ...docs(`Update a ${def.name} record; a stale version answers 40900`),
      body: updateSchema(def),
      response: { 200: envelopeOf(record), ...errors },
    },
    handler: async (request) => {
      const { id, version } = request.body as { id: number; version: number };
      const values = toColumnValues(def, request.body, ['id', 'version']);
      return success(request, await store.update(id, version, values, callerOf(request)));
    },
  });

  r.post(`${base}/delete`, {
    ...guarded(ctx, def, 'delete'),
    schema: {
      ...docs(
        def.softDelete ? `Delete a ${def.name} record (soft)` : `Delete a ${def.name} record`,
      ),
      body: idBody,
      response: { 200: envelopeOf(z.object({ id: z.number().int() })), ...errors },
    },
    handler: async (request) =>
      success(request, await store.remove(request.body.id, callerOf(request))),
  });
}
