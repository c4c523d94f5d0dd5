import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { safeString } from '../../contract/resource-schema';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { success } from '../http/reply';
import type { Caller } from '../resources/engine/visibility';

/** At most this many options per list: a select, not an export. */
export const MAX_OPTIONS = 1000;

export const optionListBody = z
  .strictObject({ keyword: safeString().trim().max(100).optional() })
  .optional();

interface OptionList {
  /** The call's path below the API prefix, as contract/resources/agent.ts names it. */
  path: readonly string[];
  resource: string;
  value: string;
  label: string;
  summary: string;
  /** Only enabled rows are offered. */
  enabledOnly: boolean;
}

const LISTS: readonly OptionList[] = [
  {
    path: ['plugin', 'option', 'list'],
    resource: 'plugin-config',
    value: 'pluginCode',
    label: 'pluginName',
    summary: 'Enabled plugins an agent may call, by name (any logged-in role)',
    enabledOnly: true,
  },
  {
    path: ['directive', 'option', 'list'],
    resource: 'directive',
    value: 'command',
    label: 'directiveName',
    summary: 'Enabled directives an agent may answer, by name (any logged-in role)',
    enabledOnly: true,
  },
  {
    path: ['scene', 'option', 'list'],
    resource: 'scene',
    value: 'sceneCode',
    label: 'sceneName',
    summary: 'Scenes the caller may see, by name (any logged-in role)',
    enabledOnly: false,
  },
];

/** The paths of the option lists, for the route catalogue of the tests. */
export const OPTION_LIST_PATHS = LISTS.map((l) => apiPath(...l.path));

/**
 * Option lists for the agent form: value and label pairs of rows a user may name even
 * where they cannot read the resource itself (plugin configuration is the admin's).
 */
export function optionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const list of LISTS) {
    const answer = z.object({
      list: z.array(z.object({ [list.value]: z.string(), [list.label]: z.string() })),
    });
    r.post(apiPath(...list.path), {
      preValidation: ctx.authenticate,
      schema: {
        tags: [list.resource],
        summary: list.summary,
        security: [{ bearer: [] }],
        body: optionListBody,
        response: { 200: envelopeOf(answer), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      handler: async (request) => {
        const store = ctx.stores.get(list.resource);
        if (!store) return success(request, { list: [] });
        const caller: Caller = callerOf(request);
        const keyword = request.body?.keyword;
        const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
        const where: SQL | undefined = and(
          store.visibleWhere(caller),
          list.enabledOnly ? eq(store.col('status'), 1) : undefined,
          like
            ? or(ilike(store.col(list.label), like), ilike(store.col(list.value), like))
            : undefined,
        );
        const rows = await store.db
          .select({ value: store.col(list.value), label: store.col(list.label) })
          .from(store.table)
          .where(where)
          .orderBy(asc(store.col(list.label)), asc(store.col('id')))
          .limit(MAX_OPTIONS);
        return success(request, {
          list: rows.map((row) => ({
            [list.value]: String(row.value),
            [list.label]: String(row.label),
          })),
        });
      },
    });
  }
}
