import { z } from 'zod';

/**
 * The statistics calls (spec §7 /statistic/…, issue 10): request body and answers, shared by the
 * server routes, the OpenAPI document and the console's statistics and workplace pages.
 *
 * Dates are calendar dates in `timeZone`; the range is inclusive of both ends. Buckets are named
 * by their first date: a day, the Monday of an ISO week, the 1st of a month (a partial first or
 * last week/month counts only the days inside the range). Every bucket of the range is present,
 * with zeros where nothing happened.
 */
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Spec default zone of the platform; the day rollup is kept in it. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** A longer range answers 40000 rangeTooLong. */
export const MAX_RANGE_DAYS = 366;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD text names a real calendar date. */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whether the runtime knows the IANA zone name (Intl throws RangeError for unknown ones). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Days from one YYYY-MM-DD to another (calendar days; no zone involved). */
export function daysBetween(start: string, end: string): number {
  return Math.round(
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
  );
}

/** The calendar date `days` after (or before, negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Today's date in a zone, YYYY-MM-DD: statistics count days in the platform's zone, not the
 * browser's or the server's.
 */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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

/** Path segments below /api/manage/v1 of each statistics call, by a short name. */
export const STATISTIC_CALLS = {
  sceneList: ['statistic', 'scene', 'list'],
  sceneTimes: ['statistic', 'scene', 'times', 'list'],
  sceneTokens: ['statistic', 'scene', 'tokens', 'list'],
  sceneChatTimes: ['statistic', 'scene', 'chat', 'times', 'list'],
  tokens: ['statistic', 'tokens', 'list'],
  cost: ['statistic', 'cost', 'list'],
} as const;

/** The bucket names of a range: every day, Monday or 1st of month from start to end. */
export function bucketsOf(start: string, end: string, granularity: Granularity): string[] {
  const first = new Date(`${bucketOf(start, granularity)}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  const out: string[] = [];
  for (const d = first; d.getTime() <= last;) {
    out.push(d.toISOString().slice(0, 10));
    if (granularity === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (granularity === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** The bucket a date falls in: itself, its ISO week's Monday, or its month's 1st. */
export function bucketOf(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
