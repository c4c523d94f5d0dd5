import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { Action } from '../../contract/resource';
import {
  RESOURCE_SCHEMA_JSON,
  resourceDeclarationSchema,
  toResourceDef,
  type ResourceDeclaration,
} from '../../contract/resource-config';
import {
  declarationBodies,
  RESOURCE_CONFIG_PATHS,
  type DeclarationCheck,
  type DeclarationEntry,
  type DeclarationHistoryEntry,
  type DeclarationList,
} from '../../contract/resource-config-api';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { ResourceDeclarationRow } from '../db/schema';
import { invalidField, notFound } from '../http/app-error';
import { localeOf } from '../http/locale';
import { success } from '../http/reply';
import { localized, zodIssues } from '../resource-config/file';
import { checkEntries } from '../resource-config/registry';
import { liveRowCounts } from '../resource-config/row-checks';
import type { DeclarationStore } from '../resource-config/store';
import { apiPermission } from './api-policy';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
// The answers are the contract's interfaces; their zod forms would repeat the declaration schema.
const loose = z.unknown();

/**
 * Configured resources' calls: `meta/resources` for every logged-in role, and the admin's page of
 * declarations. A change is served (registry reloaded) before its answer leaves.
 */
export function resourceConfigRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  store: DeclarationStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { configured, registry } = ctx;
  const docs = (summary: string) => ({
    tags: ['resource-config'],
    summary,
    security: [{ bearer: [] }],
  });
  const may = (action: Action) => apiPermission(app, ctx, 'meta', action);
  const by = (request: FastifyRequest) => callerOf(request).userName;
  /** After a change: serve it (registry, routes, policy) before answering. */
  const applied = async <T>(value: T): Promise<T> => {
    await registry.reloadPage();
    await configured.settled();
    return value;
  };

  r.post(RESOURCE_CONFIG_PATHS.resources, {
    preValidation: ctx.authenticate,
    schema: {
      ...docs('The configured resources served now, for the console to merge with its own'),
      body: declarationBodies.resources,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const role = callerOf(request).role;
      const answer = configured.answer();
      // A role with no action on a resource has no use for it (nor for its field names).
      const resources = answer.resources.filter((s) => (s.def.permissions[role] ?? []).length);
      return success(request, { ...answer, resources });
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.list, {
    ...may('list'),
    schema: {
      ...docs('Every resource declaration (file and page), with its issues and live rows'),
      body: declarationBodies.list,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const locale = localeOf(request);
      const [rows, counts] = await Promise.all([store.list(), liveRowCounts(ctx.db)]);
      const stored = new Map(rows.map((row) => [row.name, row]));
      const list = registry.all().map((e): DeclarationEntry => {
        const row = e.origin === 'page' ? stored.get(e.name) : undefined;
        return {
          name: e.name,
          origin: e.origin,
          enabled: e.enabled,
          version: e.version,
          declaration: e.declaration,
          issues: e.issues.map((i) => localized(i, locale)),
          rows: e.declaration.source.kind === 'database' ? (counts.get(e.name) ?? 0) : null,
          updatedAt: row?.updatedAt.toISOString() ?? null,
          updatedBy: row?.updatedBy ?? null,
        };
      });
      // Page rows the registry could not serve at all (invalid under today's contract) are
      // still listed, so the admin can fix or delete them.
      const listed = new Set(list.map((e) => e.name));
      for (const row of rows) {
        if (listed.has(row.name)) continue;
        list.push({
          ...entryOfRow(row, counts.get(row.name) ?? 0),
          issues: registry
            .issues()
            .filter((i) => i.origin === 'page' && i.name === row.name)
            .map((i) => localized(i, locale)),
        });
      }
      const fileIssues = registry
        .issues()
        .filter((i) => i.origin === 'file' && !i.name)
        .map((i) => localized(i, locale));
      return success(request, { list, fileIssues } satisfies DeclarationList);
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.detail, {
    ...may('show'),
    schema: {
      ...docs('One declaration'),
      body: declarationBodies.detail,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const locale = localeOf(request);
      const entry = registry.get(request.body.name);
      const issues = (entry?.issues ?? []).map((i) => localized(i, locale));
      const row = await store.get(request.body.name);
      if (entry?.origin === 'file') {
        return success(request, {
          name: entry.name,
          origin: 'file',
          enabled: entry.enabled,
          version: entry.version,
          declaration: entry.declaration,
          issues,
          rows: null,
          updatedAt: null,
          updatedBy: null,
        } satisfies DeclarationEntry);
      }
      if (!row) throw notFound();
      return success(request, { ...entryOfRow(row, null), issues });
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.check, {
    ...may('edit'),
    schema: {
      ...docs('Checks a declaration as create or update would, without saving it'),
      body: declarationBodies.check,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      // Problems in the caller's language, as the 40000 of create or update would word them.
      const locale = localeOf(request);
      const input = request.body.declaration;
      const parsed = resourceDeclarationSchema.safeParse(input);
      if (!parsed.success) {
        return success(request, {
          problems: zodIssues(parsed.error, input).map((i) => localized(i, locale)),
          def: null,
        } satisfies DeclarationCheck);
      }
      const decl = parsed.data;
      const others = registry.all().filter((e) => e.name !== decl.name);
      const problems = checkEntries(
        [
          ...others.map((e) => ({ decl: e.declaration, at: [e.name] })),
          { decl, at: [] as string[] },
        ],
        ctx.resources,
      )
        .filter((i) => i.name === decl.name)
        .map((i) => localized({ ...i, path: i.relative }, locale));
      return success(request, {
        problems,
        def: problems.length ? null : toResourceDef(decl),
      } satisfies DeclarationCheck);
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.create, {
    ...may('create'),
    schema: {
      ...docs('Creates a declaration; it is served as soon as this answers'),
      body: declarationBodies.create,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const row = await store.create(request.body.declaration, by(request));
      return success(request, await applied(entryOfRow(row, 0)));
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.update, {
    ...may('edit'),
    schema: {
      ...docs(
        'Replaces a declaration; a stale version answers 40900, a change the stored rows ' +
          'violate answers 40000 with how many rows',
      ),
      body: declarationBodies.update,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const { name, version, declaration } = request.body;
      const row = await store.update(name, declaration, version, by(request));
      return success(request, await applied(entryOfRow(row, null)));
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.enable, {
    ...may('edit'),
    schema: {
      ...docs('Enables or disables a declaration; a disabled one keeps its rows'),
      body: declarationBodies.enable,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const { name, version, enabled } = request.body;
      const row = await store.setEnabled(name, enabled, version, by(request));
      return success(request, await applied(entryOfRow(row, null)));
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.delete, {
    ...may('delete'),
    schema: {
      ...docs('Deletes a declaration and its rows; `confirm` must repeat the name'),
      body: declarationBodies.delete,
      response: { 200: envelopeOf(z.object({ name: z.string() })), ...errors },
    },
    handler: async (request) => {
      const { name, version, confirm } = request.body;
      if (confirm !== name) throw invalidField('confirm', 'confirmMismatch', { expected: name });
      await store.remove(name, version, by(request));
      return success(request, await applied({ name }));
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.history, {
    ...may('show'),
    schema: {
      ...docs("A declaration's changes, newest first: who, when, before and after"),
      body: declarationBodies.history,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const rows = await store.history(request.body.name);
      const list = rows.map((h): DeclarationHistoryEntry => ({
        id: h.id,
        version: h.version,
        action: h.action,
        before: h.before ?? null,
        after: h.after ?? null,
        changedBy: h.changedBy,
        changedAt: h.changedAt.toISOString(),
      }));
      return success(request, { list });
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.import, {
    ...may('create'),
    schema: {
      ...docs('Creates or replaces every declaration of an export, all or nothing'),
      body: declarationBodies.import,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const rows = await store.importAll(request.body.resources, by(request));
      return success(request, await applied({ list: rows.map((row) => entryOfRow(row, null)) }));
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.export, {
    ...may('list'),
    schema: {
      ...docs("The page's declarations as a file an import (or RESOURCES_CONFIG) reads"),
      body: declarationBodies.export,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => {
      const rows = await store.list();
      const resources: ResourceDeclaration[] = rows.map((row) => ({
        ...row.declaration,
        enabled: row.enabled,
      }));
      return success(request, { resources });
    },
  });

  r.post(RESOURCE_CONFIG_PATHS.schema, {
    ...may('show'),
    schema: {
      ...docs('The JSON Schema of a declarations file (RESOURCES_CONFIG, import, export)'),
      body: declarationBodies.schema,
      response: { 200: envelopeOf(loose), ...errors },
    },
    handler: async (request) => success(request, RESOURCE_SCHEMA_JSON),
  });
}

function entryOfRow(row: ResourceDeclarationRow, rows: number | null): DeclarationEntry {
  return {
    name: row.name,
    origin: 'page',
    enabled: row.enabled,
    version: row.version,
    declaration: row.declaration,
    issues: [],
    rows,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
