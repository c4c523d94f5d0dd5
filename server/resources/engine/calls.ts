import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../auth/authenticate';
import type { Action, ResourceDef } from '../../../contract/resource';
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
} from '../../../contract/resource-schema';
import { allFields } from '../../../contract/resource';
import {
  tagsInUseAnswer,
  tagsInUseSchema,
  type TagsInUseQuery,
} from '../../../contract/tags-schema';
import { DEFAULT_TIME_ZONE } from '../../../contract/statistics-calendar';
import { localeOf } from '../../http/locale';
import type { BoundBehaviour } from './behaviour';
import { CsvWriter, type CsvLabels } from './csv';
import { JsonlWriter } from './jsonl';
import { success } from '../../http/reply';
import { omit, pick, toColumnValues, type Row } from './rows';
import type { RecordStore } from './record-store';
import type { Locale } from '../../../contract/locale';

/** One generic call of a resource: its path below the prefix, policy action, body and work. */
export interface CrudCall {
  readonly path: 'page' | 'detail' | 'create' | 'update' | 'delete' | 'export' | 'tags';
  readonly action: Action;
  readonly summary: string;
  readonly body: z.ZodType;
  /** The envelope's data; an export streams a file instead. */
  readonly answer?: z.ZodType;
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export interface CrudOptions {
  behaviour?: BoundBehaviour;
  /** Field and enum labels for CSV headers, when the resource has no locale file. */
  labels?: (locale: Locale) => CsvLabels;
}

/**
 * The generic calls of one resource: page, detail, create, update, delete and export, and the
 * tags in use when it has a free tag field.
 * crudRoutes mounts them for a built-in; a configured resource's calls are the same objects,
 * reached through resource-config/dispatch.ts.
 */
export function crudCalls(
  def: ResourceDef,
  store: RecordStore,
  options: CrudOptions = {},
): CrudCall[] {
  const ignored = ignoredOnUpdate(def);
  const createOnly = createOnlyFields(def).map((f) => f.name);
  const behaviour = options.behaviour ?? {};
  const record = recordSchema(def);
  const tags = tagsInUseSchema(def);
  const tagsInUse = store.tagsInUse?.bind(store);
  const tagCalls: CrudCall[] =
    tags && tagsInUse
      ? [
          {
            path: 'tags',
            action: 'list',
            summary:
              `The tags in use in a ${def.name} tag field, each with how many rows the caller ` +
              'may see carry it (most used first; with a keyword, the tags containing it, those ' +
              'starting with it first; at most `limit`, `total` counting all that match)',
            body: tags,
            answer: tagsInUseAnswer,
            handle: async (request) =>
              success(request, await tagsInUse(request.body as TagsInUseQuery, callerOf(request))),
          },
        ]
      : [];

  return [
    {
      path: 'page',
      action: 'list',
      summary: `List ${def.name} records (paging, sorters, filters, keyword)`,
      body: pageSchema(def),
      answer: pageAnswerSchema(def),
      handle: async (request) =>
        success(request, await store.page(request.body as PageQuery, callerOf(request))),
    },
    {
      path: 'detail',
      action: 'show',
      summary: `One ${def.name} record`,
      body: idBody,
      answer: detailSchema(def),
      handle: async (request) => {
        const caller = callerOf(request);
        const { id } = request.body as { id: number };
        return success(
          request,
          await (behaviour.detail ? behaviour.detail(id, caller) : store.detail(id, caller)),
        );
      },
    },
    {
      path: 'create',
      action: 'create',
      summary: `Create a ${def.name} record; answers it`,
      body: createSchema(def),
      answer: record,
      handle: async (request) => {
        const body = request.body as Record<string, unknown> & { scope?: string };
        const values = toColumnValues(def, body);
        const caller = callerOf(request);
        return success(
          request,
          await (behaviour.create
            ? behaviour.create(values, caller, body.scope)
            : store.create(values, caller, body.scope)),
        );
      },
    },
    {
      path: 'update',
      action: 'edit',
      summary: `Update a ${def.name} record; a stale version answers 40900`,
      body: updateSchema(def),
      answer: record,
      handle: async (request) => {
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
            ? behaviour.update(body.id, body.version, values, caller, unchanged)
            : store.update(body.id, body.version, values, caller, unchanged)),
        );
      },
    },
    {
      path: 'delete',
      action: 'delete',
      summary:
        `Delete a ${def.name} record${def.softDelete ? ' (soft)' : ''}, or several by ids ` +
        '(answers the ids deleted)',
      body: deleteSchema,
      answer: z.union([z.object({ id: z.number().int() }), z.object({ ids: z.array(z.number()) })]),
      handle: async (request) => {
        const caller = callerOf(request);
        const body = request.body as { id: number } | { ids: number[] };
        if ('ids' in body) {
          const ids = await (behaviour.removeMany
            ? behaviour.removeMany(body.ids, caller)
            : store.removeMany(body.ids, caller));
          return success(request, { ids });
        }
        return success(
          request,
          await (behaviour.remove
            ? behaviour.remove(body.id, caller)
            : store.remove(body.id, caller)),
        );
      },
    },
    {
      path: 'export',
      action: 'list',
      summary:
        `Export the ${def.name} records a list query selects, streamed in batches: CSV ` +
        '(text/csv; header row in the caller’s language, every header different; times on ' +
        'the clock of `timeZone`, named in their headers) or JSONL (application/x-ndjson; ' +
        'one record per line, keyed by field name, times ISO-8601 UTC); figures rounded as ' +
        'the console shows them. The stream stops when the client goes away',
      body: exportSchema(def),
      handle: async (request, reply) => {
        const {
          format = 'csv',
          timeZone = DEFAULT_TIME_ZONE,
          ...query
        } = request.body as Omit<PageQuery, 'current' | 'pageSize'> & {
          format?: ExportFormat;
          timeZone?: string;
        };
        const declared = store.exportFields ? await store.exportFields() : allFields(def);
        const fields = declared.filter((f) => f.name !== 'version' && f.name !== def.softDelete);
        const locale = localeOf(request);
        const writer =
          format === 'jsonl'
            ? new JsonlWriter(fields)
            : new CsvWriter(def, fields, locale, timeZone, options.labels?.(locale));
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
        // Readable.from reads one batch ahead of the socket, and Fastify destroys the stream
        // when the client goes away (a cancelled export): the batches end with it, unread.
        // A stream is sent as is; the envelope type of the route does not describe it.
        return reply.send(Readable.from(lines()) as never);
      },
    },
    ...tagCalls,
  ];
}
