import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { requirePermission } from '../auth/access';
import { callerOf } from '../auth/authenticate';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { Action, ResourceDef, Role } from '../../contract/resource';
import { forbidden } from '../http/app-error';
import {
  createOnlyFields,
  createSchema,
  deleteSchema,
  detailSchema,
  exportSchema,
  idBody,
  ignoredOnUpdate,
  pageAnswerSchema,
  pageSchema,
  recordSchema,
  updateSchema,
  type ExportFormat,
  type PageQuery,
} from '../../contract/resource-schema';
import { allFields } from '../../contract/resource';
import { localeOf } from '../http/locale';
import { BEHAVIOURS } from './behaviours';
import { CsvWriter } from './csv';
import { JsonlWriter } from './jsonl';
import type { AppContext } from '../context';
import { success } from '../http/reply';
import { omit, pick, toColumnValues, type Row } from './rows';
import type { ResourceStore } from './store';

export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * Route options shared by every manage call of a resource. Identity and permission are checked
 * before the body is validated, so a stranger learns nothing about a call's schema.
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
  return { preValidation: checks };
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
  const ignored = ignoredOnUpdate(def);
  const createOnly = createOnlyFields(def).map((f) => f.name);
  const behaviour = BEHAVIOURS[def.name] ?? {};
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
      response: { 200: envelopeOf(detailSchema(def)), ...errors },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const id = request.body.id;
      return success(
        request,
        await (behaviour.detail ? behaviour.detail(store, id, caller) : store.detail(id, caller)),
      );
    },
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
      const caller = callerOf(request);
      return success(
        request,
        await (behaviour.create
          ? behaviour.create(store, values, caller, body.scope)
          : store.create(values, caller, body.scope)),
      );
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
      const body = request.body as Row & { id: number; version: number };
      // A detail answer sent back: managed and derived fields are dropped, create-only ones
      // must be unchanged (DATA-MODEL.md "round trip").
      const sent = toColumnValues(def, body, ['id', 'version', ...ignored]);
      const values = omit(sent, createOnly);
      const unchanged = pick(sent, createOnly);
      const caller = callerOf(request);
      return success(
        request,
        await (behaviour.update
          ? behaviour.update(store, body.id, body.version, values, caller, unchanged)
          : store.update(body.id, body.version, values, caller, unchanged)),
      );
    },
  });

  r.post(`${base}/delete`, {
    ...guarded(ctx, def, 'delete'),
    schema: {
      ...docs(
        `Delete a ${def.name} record${def.softDelete ? ' (soft)' : ''}, or several by ids ` +
          '(answers the ids deleted)',
      ),
      body: deleteSchema,
      response: {
        200: envelopeOf(
          z.union([z.object({ id: z.number().int() }), z.object({ ids: z.array(z.number()) })]),
        ),
        ...errors,
      },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const body = request.body as { id: number } | { ids: number[] };
      if ('ids' in body) {
        const ids = await (behaviour.removeMany
          ? behaviour.removeMany(store, body.ids, caller)
          : store.removeMany(body.ids, caller));
        return success(request, { ids });
      }
      return success(
        request,
        await (behaviour.remove
          ? behaviour.remove(store, body.id, caller)
          : store.remove(body.id, caller)),
      );
    },
  });

  r.post(`${base}/export`, {
    ...guarded(ctx, def, 'list'),
    schema: {
      ...docs(
        `Export the ${def.name} records a list query selects, streamed in batches: CSV ` +
          '(text/csv; header row in the caller’s language) or JSONL (application/x-ndjson; ' +
          'one record per line, keyed by field name)',
      ),
      body: exportSchema(def),
      response: { ...errors },
    },
    handler: async (request, reply) => {
      const { format = 'csv', ...query } = request.body as Omit<
        PageQuery,
        'current' | 'pageSize'
      > & { format?: ExportFormat };
      const fields = allFields(def).filter(
        (f) => f.name !== 'version' && f.name !== def.softDelete,
      );
      const writer =
        format === 'jsonl'
          ? new JsonlWriter(fields)
          : new CsvWriter(def, fields, localeOf(request));
      const batches = store.batches(query, callerOf(request));
      // The first batch runs before the answer starts, so a bad query still gets an envelope.
      const first = await batches.next();
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      const type = format === 'jsonl' ? 'application/x-ndjson' : 'text/csv';
      void reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${def.name}-${stamp}.${format}"`);
      async function* lines() {
        yield writer.header();
        if (first.done) return;
        yield writer.rows(first.value);
        for await (const rows of batches) yield writer.rows(rows);
      }
      // A stream is sent as is; the envelope type of the route does not describe it.
      return reply.send(Readable.from(lines()) as never);
    },
  });
}
