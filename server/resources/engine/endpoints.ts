import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointPath } from '../../../contract/api';
import { envelopeOf } from '../../../contract/envelope-schema';
import type { ResourceDef } from '../../../contract/resource';
import { ENDPOINT_SCHEMAS } from '../../../contract/endpoint-schemas';
import { recordSchema } from '../../../contract/resource-schema';
import type { Locale } from '../../../contract/locale';
import type { AppContext } from '../../context';
import { localeOf } from '../../http/locale';
import { success } from '../../http/reply';
import { callerOf } from '../../auth/authenticate';
import { callable, errors, guarded } from './crud';
import type { ResourceStore } from './store';
import type { Caller } from './visibility';

/** What a handler may need of the request beyond body and caller. */
export interface EndpointContext {
  /** The caller's language, for reasons a handler composes itself (import rows). */
  locale: Locale;
}

/**
 * A handler's answer sent as a file instead of the envelope (an export): its text is streamed
 * as produced, and stops being produced when the client goes away.
 */
export class FileAnswer {
  constructor(
    /** The content type, without charset (text/csv, application/x-ndjson). */
    readonly type: string,
    readonly filename: string,
    readonly chunks: AsyncIterable<string> | Iterable<string>,
  ) {}
}

/** What a declared call does, given the resource's store, the validated body and the caller. */
export type EndpointHandler = (
  store: ResourceStore,
  body: never,
  caller: Caller,
  context: EndpointContext,
) => Promise<unknown>;

/**
 * Calls whose body may exceed the app's default limit (1 MB), by `<resource>.<endpoint>`:
 * an import carries up to MAX_IMPORT_CHARS of text, which JSON escaping can grow.
 */
export const ENDPOINT_BODY_LIMITS: Readonly<Record<string, number>> = {
  'corpus-item.import': 12 * 1024 * 1024,
};

/**
 * Mounts every call beyond CRUD a resource declares (contract `endpoints`), with the zod body
 * from ENDPOINT_SCHEMAS and the handler from `handlers`. A declared call without either fails
 * at start, so a declaration cannot drift from what is served.
 */
export function endpointRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDef,
  store: ResourceStore,
  handlers: Readonly<Record<string, EndpointHandler>>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, endpoint] of Object.entries(def.endpoints ?? {})) {
    const schema = ENDPOINT_SCHEMAS[def.name]?.[name];
    const handler = handlers[name];
    if (!schema || !handler) {
      throw new Error(`resource ${def.name}: endpoint ${name} needs a body schema and a handler`);
    }
    if (!callable(def, endpoint.action, endpoint.roles)) continue;
    const bodyLimit = ENDPOINT_BODY_LIMITS[`${def.name}.${name}`];
    r.post(endpointPath(def, name), {
      ...guarded(ctx, def, endpoint.action, endpoint.roles),
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        tags: [def.name],
        summary: endpoint.summary,
        security: [{ bearer: [] }],
        body: schema.body,
        response: { 200: envelopeOf(schema.answer ?? recordSchema(def)), ...errors },
      },
      handler: async (request, reply) => {
        const answer = await handler(store, request.body as never, callerOf(request), {
          locale: localeOf(request),
        });
        if (!(answer instanceof FileAnswer)) return success(request, answer);
        void reply
          .header('content-type', `${answer.type}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${answer.filename}"`);
        // A stream is sent as is: the route's envelope schema describes the other answers.
        return reply.send(Readable.from(answer.chunks) as never);
      },
    });
  }
}
