import {
  bigint,
  date,
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
const measures = () => ({
  sceneCode: varchar('scene_code', { length: 64 }).notNull(),
  modelVersion: varchar('model_version', { length: 64 }).notNull(),
  calls: bigint('calls', { mode: 'number' }).notNull().default(0),
  promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
  completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  cost: numeric('cost', { precision: 20, scale: 6, mode: 'number' }).notNull().default(0),
  chats: bigint('chats', { mode: 'number' }).notNull().default(0),
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
  (t) => [primaryKey({ columns: [t.day, t.sceneCode, t.modelVersion] })],
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
