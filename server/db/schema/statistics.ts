import { sql } from 'drizzle-orm';
import {
  bigint,
  bit,
  date,
  index,
  smallint,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Usage rollups the statistics calls answer from. Triggers on prompt_calls and
 * records (migration 0004) keep them in the same transaction as every write, so they always
 * equal a recount of the raw rows. An absent scene code or model version is stored as ''.
 * Chats (records) carry no model version: their rows have model_version ''.
 */
const sums = () => ({
  calls: bigint('calls', { mode: 'number' }).notNull().default(0),
  promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
  completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  cost: numeric('cost', { precision: 20, scale: 6, mode: 'number' }).notNull().default(0),
  chats: bigint('chats', { mode: 'number' }).notNull().default(0),
});
const measures = () => ({
  sceneCode: varchar('scene_code', { length: 64 }).notNull(),
  modelVersion: varchar('model_version', { length: 64 }).notNull(),
  ...sums(),
});

/** Per UTC hour: serves any time zone with whole-hour offsets. */
export const statHourly = pgTable(
  'stat_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.sceneCode, t.modelVersion] })],
);

/** Per calendar day in the platform zone (DEFAULT_TIME_ZONE): long ranges read ~24× fewer rows. */
export const statDaily = pgTable(
  'stat_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.sceneCode, t.modelVersion] }),
    // A model version's days over a year without reading the other versions' rows.
    index('stat_daily_model_day_idx').on(t.modelVersion, t.day),
  ],
);

/**
 * Derived from stat_daily by its triggers (migration 0005), as a cascade whatever wrote it.
 * Per day and scene, all model versions together: a year of day or week buckets reads
 * days × scenes rows instead of days × scenes × versions.
 */
export const statDailyScene = pgTable(
  'stat_daily_scene',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    ...sums(),
  },
  (t) => [primaryKey({ columns: [t.day, t.sceneCode] })],
);

/** Per calendar month of the platform zone: whole months of a long range in ~30× fewer rows. */
export const statMonthly = pgTable(
  'stat_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.sceneCode, t.modelVersion] })],
);

/**
 * Which users called on which days (platform zone), for distinct users of any range without the
 * per-day rows: a row's `days` holds one bit per day of the year before `year` (bits 0–365,
 * 1 January first) and of `year` itself (bits 366–731). A range of at most 366 days ending in
 * year Y lies within row year Y, so its distinct users are the rows of year Y whose days meet
 * the range's mask: one row per (scene, user), no deduplication. `kind` says what a row covers:
 * 0 one scene and one model version (kept from stat_daily_users by its triggers, migration 0005);
 * 1 one scene, all versions; 2 all scenes, one version; 3 all scenes and versions — the bitwise
 * OR of the user's kind-0 rows, recomputed with them. Covered keys are stored as ''.
 */
export const statUserDays = pgTable(
  'stat_user_days',
  {
    year: smallint('year').notNull(),
    kind: smallint('kind').notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 64 }).notNull(),
    days: bit('days', { dimensions: 732 }).notNull(),
    // The first and last set bit (1-based; 0 when none): a row whose first or last active day
    // falls in the asked range meets it without the bitwise AND, which is most rows for a
    // range ending today.
    firstBit: smallint('first_bit').generatedAlwaysAs(sql`position(B'1' in days)`),
    lastBit: smallint('last_bit').generatedAlwaysAs(sql`length(rtrim(days::text, '0'))`),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.kind, t.modelVersion, t.sceneCode, t.userId] }),
    // A user's rows of a year, to recompute the kinds 1–3 from the kind-0 rows.
    index('stat_user_days_user_idx').on(t.year, t.userId),
    // The rows active since a range's first day, without reading the year's other rows: a
    // 30-day scene list at 10 M calls scanned all 8.5 M rows (1.5 GB, ~0.9 s) without it. An
    // index-only scan: the scene code rides along.
    index('stat_user_days_last_bit_idx').on(
      t.year,
      t.kind,
      t.modelVersion,
      t.lastBit,
      t.firstBit,
      t.sceneCode,
    ),
  ],
);

/** Who called, per day in the platform zone: distinct users of a range without the raw rows. */
export const statDailyUsers = pgTable(
  'stat_daily_users',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 64 }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.sceneCode, t.modelVersion, t.userId] })],
);

/**
 * How many stat_user_days rows have their last active day on `lastDay` (within row year
 * `year`), per kind, model version and scene: kept by a trigger on stat_user_days (migration
 * 0011). Distinct users of a range ending today are the rows last active within it, so the
 * scene list sums these counts instead of counting one row per (scene, user): at 1 000 scenes
 * and 50 000 users a 30-day range was 330 000 rows to group, and is now ~30 per scene.
 */
export const statUserLastDays = pgTable(
  'stat_user_last_days',
  {
    year: smallint('year').notNull(),
    kind: smallint('kind').notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    users: bigint('users', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.kind, t.modelVersion, t.lastDay, t.sceneCode] })],
);

/**
 * The same counts by the month of the last active day: a range's whole months read one row per
 * scene each instead of one per day (a year ending today: ~12 per scene, plus its partial
 * months' days).
 */
export const statUserLastMonths = pgTable(
  'stat_user_last_months',
  {
    year: smallint('year').notNull(),
    kind: smallint('kind').notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    lastMonth: date('last_month', { mode: 'string' }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    users: bigint('users', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.kind, t.modelVersion, t.lastMonth, t.sceneCode] })],
);

/**
 * A counter the stat_daily triggers bump whenever a statement changes a day before today in the
 * platform zone (migration 0011): the days before yesterday rarely change, so the statistics
 * keep their sums in memory and ask only this one row and the last days' rows again
 * (server/statistics/past-cache.ts). One row, id 1.
 */
export const statPastVersion = pgTable('stat_past_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
