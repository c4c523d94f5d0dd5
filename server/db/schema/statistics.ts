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
 * Usage rollups the statistics calls answer from (issue 10). Triggers on prompt_calls and
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
 * The days of a (platform-zone) year on which a user called in a scene, one bit per day (bit
 * 0 is 1 January), kept from stat_daily_users by its triggers (migration 0005). Distinct users
 * of any range are then one row per (scene, user) and year: a year of 2 000 users reads a few
 * thousand rows instead of millions of per-day rows.
 */
export const statUserDays = pgTable(
  'stat_user_days',
  {
    year: smallint('year').notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 64 }).notNull(),
    days: bit('days', { dimensions: 366 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.sceneCode, t.userId] })],
);

/**
 * The same per model version, for the model filter; stat_user_days is the bitwise OR of a
 * (year, scene, user)'s rows here, which is why the model comes last in the key.
 */
export const statUserModelDays = pgTable(
  'stat_user_model_days',
  {
    year: smallint('year').notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 64 }).notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    days: bit('days', { dimensions: 366 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.sceneCode, t.userId, t.modelVersion] })],
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
