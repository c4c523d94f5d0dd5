import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  GRANULARITIES,
  isCalendarDate,
  isTimeZone,
  MAX_RANGE_DAYS,
  daysBetween,
} from './statistics-calendar';

// The calendar and the call paths live apart from the schemas: the console's pages need them,
// and importing them from here put zod into every page that draws a date.
export * from './statistics-calendar';

/**
 * The statistics calls (spec §7 /statistic/…): request body and answers, shared by the
 * server routes, the OpenAPI document and the console's statistics and workplace pages.
 *
 * Dates are calendar dates in `timeZone`; the range is inclusive of both ends. Buckets are named
 * by their first date: a day, the Monday of an ISO week, the 1st of a month (a partial first or
 * last week/month counts only the days inside the range). Every bucket of the range is present,
 * with zeros where nothing happened.
 */
const dateText = z.string().refine(isCalendarDate, { params: { key: 'badDate' } });
const code = z.string().trim().min(1).max(64);

export const statisticQuery = z
  .strictObject({
    startDate: dateText,
    endDate: dateText,
    sceneCode: code.optional(),
    modelVersion: code.optional(),
    granularity: z.enum(GRANULARITIES).default('day'),
    timeZone: z
      .string()
      .refine(isTimeZone, { params: { key: 'badTimeZone' } })
      .default(DEFAULT_TIME_ZONE),
    // Leaves out the calls the console made itself (playground runs), counted by default.
    excludeTrials: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (!isCalendarDate(b.startDate) || !isCalendarDate(b.endDate)) return;
    const days = daysBetween(b.startDate, b.endDate);
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], params: { key: 'endBeforeStart' } });
    } else if (days + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        params: { key: 'rangeTooLong', max: MAX_RANGE_DAYS },
      });
    }
  });
export type StatisticQuery = z.infer<typeof statisticQuery>;
/** What a client sends (defaults may be left out). */
export type StatisticQueryInput = z.input<typeof statisticQuery>;

/** The range as the server understood it: echoed in every answer. */
export const rangeSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  granularity: z.enum(GRANULARITIES),
  timeZone: z.string(),
});

/** Sums over a set of calls and chats. Cost is CNY, priced at each call's time. */
export const usageTotalsSchema = z.object({
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  chats: z.number().int(),
  /** Distinct user ids among the calls. */
  users: z.number().int(),
  cost: z.number(),
});
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

/** statistic/scene/list: one row per scene with activity in the range (or the one asked for). */
export const sceneTotalSchema = usageTotalsSchema.extend({
  sceneCode: z.string(),
  /** The scene's name, or null for a code no live scene has (deleted scene, unknown code). */
  sceneName: z.string().nullable(),
});
export const sceneListAnswer = z.object({
  range: rangeSchema,
  list: z.array(sceneTotalSchema),
  total: z.number().int(),
  totals: usageTotalsSchema,
  /**
   * False when distinct users of a zone other than the platform's took too long to count from
   * the raw calls and come from the whole platform days around the range: an upper bound.
   */
  usersExact: z.boolean(),
});
export type SceneTotal = z.infer<typeof sceneTotalSchema>;
export type SceneListAnswer = z.infer<typeof sceneListAnswer>;

/** One line of a chart: a value per bucket, in bucket order. */
export const seriesSchema = z.object({
  /** Scene code, model version, or a measure name ('prompt', 'completion'). */
  key: z.string(),
  /** Display name (scene name when known); the client translates measure names itself. */
  name: z.string(),
  values: z.array(z.number()),
});
export type Series = z.infer<typeof seriesSchema>;

/**
 * scene/times (calls), scene/tokens (total tokens), scene/chat/times (chats): one series per
 * scene, plus the sum over scenes per bucket.
 */
export const seriesAnswer = z.object({
  range: rangeSchema,
  buckets: z.array(z.string()),
  series: z.array(seriesSchema),
  total: z.array(z.number()),
});
export type SeriesAnswer = z.infer<typeof seriesAnswer>;

/**
 * statistic/tokens/list: tokens per bucket split into prompt and completion (series keys
 * 'prompt' and 'completion'), and the share of each model version over the range.
 */
export const modelShareSchema = z.object({
  modelVersion: z.string(),
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  cost: z.number(),
});
export const tokensAnswer = seriesAnswer.extend({ models: z.array(modelShareSchema) });
export type ModelShare = z.infer<typeof modelShareSchema>;
export type TokensAnswer = z.infer<typeof tokensAnswer>;

/**
 * statistic/cost/list: cost per bucket per scene (series), per model version (models) and per
 * scene with its monthly budget and the share of it used this calendar month (in timeZone).
 */
export const sceneCostSchema = z.object({
  sceneCode: z.string(),
  sceneName: z.string().nullable(),
  cost: z.number(),
  /** CNY per calendar month, or null when the scene has none. */
  monthlyBudget: z.number().nullable(),
  /** Cost of the current month so far (whatever the asked range). */
  monthCost: z.number(),
  /** monthCost / monthlyBudget, e.g. 0.42; null without a budget. */
  budgetShare: z.number().nullable(),
});
export const costAnswer = seriesAnswer.extend({
  models: z.array(modelShareSchema),
  scenes: z.array(sceneCostSchema),
});
export type SceneCost = z.infer<typeof sceneCostSchema>;
export type CostAnswer = z.infer<typeof costAnswer>;
