import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiPath } from '../../contract/api';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import {
  costAnswer,
  sceneListAnswer,
  seriesAnswer,
  STATISTIC_CALLS,
  statisticQuery,
  tokensAnswer,
  type StatisticQuery,
} from '../../contract/statistics';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { cost, sceneList, sceneSeries, tokens } from '../statistics/answers';
import { success } from '../http/reply';

interface StatisticRoute {
  path: readonly string[];
  summary: string;
  answer: z.ZodType;
  run: (db: Database, q: StatisticQuery) => Promise<unknown>;
}

const ROUTES: readonly StatisticRoute[] = [
  {
    path: STATISTIC_CALLS.sceneList,
    summary: 'Per-scene totals of the range: calls, tokens, chats, distinct users, cost',
    answer: sceneListAnswer,
    run: sceneList,
  },
  {
    path: STATISTIC_CALLS.sceneTimes,
    summary: 'Calls per bucket, one series per scene',
    answer: seriesAnswer,
    run: (db, q) => sceneSeries(db, q, 'calls'),
  },
  {
    path: STATISTIC_CALLS.sceneTokens,
    summary: 'Tokens (prompt + completion) per bucket, one series per scene',
    answer: seriesAnswer,
    run: (db, q) => sceneSeries(db, q, 'tokens'),
  },
  {
    path: STATISTIC_CALLS.sceneChatTimes,
    summary: 'Chat sessions started per bucket, one series per scene',
    answer: seriesAnswer,
    run: (db, q) => sceneSeries(db, q, 'chats'),
  },
  {
    path: STATISTIC_CALLS.tokens,
    summary: 'Prompt and completion tokens per bucket, and each model version’s share',
    answer: tokensAnswer,
    run: tokens,
  },
  {
    path: STATISTIC_CALLS.cost,
    summary:
      'Cost (CNY, priced at each call’s time) per bucket per scene, per model version, and per scene with its monthly budget used',
    answer: costAnswer,
    run: (db, q) => cost(db, q),
  },
];

/**
 * The statistics calls (spec §7): any logged-in role; platform-wide sums answered from the
 * rollups that migration 0004's triggers maintain (server/statistics/).
 */
export function statisticRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const route of ROUTES) {
    r.post(apiPath(...route.path), {
      preValidation: ctx.authenticate,
      schema: {
        tags: ['statistic'],
        summary: route.summary,
        security: [{ bearer: [] }],
        body: statisticQuery,
        response: { 200: envelopeOf(route.answer), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      handler: async (request) => success(request, await route.run(ctx.db, request.body)),
    });
  }
}
