CREATE TABLE "stat_past_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_user_last_days" (
	"year" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"last_day" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_last_days_year_kind_model_version_last_day_scene_code_pk" PRIMARY KEY("year","kind","model_version","last_day","scene_code")
);
--> statement-breakpoint
CREATE TABLE "stat_user_last_months" (
	"year" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"last_month" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_last_months_year_kind_model_version_last_month_scene_code_pk" PRIMARY KEY("year","kind","model_version","last_month","scene_code")
);
--> statement-breakpoint
-- Hand-written below this line: the two tables count stat_user_days rows by their last
-- active day and its month. A statement-level trigger on stat_user_days adds each changed row's
-- new last day and takes away its old one (rows with no day set count nowhere), so the counts
-- move in the same transaction as the bitmaps, which move with the calls (0004, 0005).
-- Both primary keys carry the count (INCLUDE): the scene list reads ~30 rows per scene for a month,
-- spread over the heap; an index-only scan of the key alone took the 30-day list's count from
-- 45 to 11 ms at 1 000 scenes (docs/PERFORMANCE.md). The price: an update of a count is never
-- HOT, which these rows see once per (user, scene, day), not once per call.
ALTER TABLE "stat_user_last_days" DROP CONSTRAINT "stat_user_last_days_year_kind_model_version_last_day_scene_code_pk";
--> statement-breakpoint
ALTER TABLE "stat_user_last_days" ADD CONSTRAINT "stat_user_last_days_year_kind_model_version_last_day_scene_code_pk" PRIMARY KEY ("year","kind","model_version","last_day","scene_code") INCLUDE ("users");
--> statement-breakpoint
ALTER TABLE "stat_user_last_months" DROP CONSTRAINT "stat_user_last_months_year_kind_model_version_last_month_scene_code_pk";
--> statement-breakpoint
ALTER TABLE "stat_user_last_months" ADD CONSTRAINT "stat_user_last_months_year_kind_model_version_last_month_scene_code_pk" PRIMARY KEY ("year","kind","model_version","last_month","scene_code") INCLUDE ("users");
--> statement-breakpoint
-- The day of bit `b` (1-based, as last_bit) of a stat_user_days row of year `row_year`.
CREATE FUNCTION stat_bit_day(b int, row_year int) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN b <= 366 THEN make_date(row_year - 1, 1, 1) + (b - 1)
    ELSE make_date(row_year, 1, 1) + (b - 367) END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_user_days_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus CONSTANT text := 'SELECT year, kind, model_version, scene_code, stat_bit_day(last_bit, year) AS day, 1 AS n FROM %I WHERE last_bit > 0';
  minus CONSTANT text := 'SELECT year, kind, model_version, scene_code, stat_bit_day(last_bit, year) AS day, -1 AS n FROM %I WHERE last_bit > 0';
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN format(plus, 'new_rows')
    WHEN 'DELETE' THEN format(minus, 'old_rows')
    ELSE format(plus, 'new_rows') || ' UNION ALL ' || format(minus, 'old_rows') END;
  -- Sorted before the upsert, as the other rollups: concurrent writers lock rows in one order.
  EXECUTE format($q$
    INSERT INTO stat_user_last_days AS s (year, kind, model_version, last_day, scene_code, users)
    SELECT year, kind, model_version, day, scene_code, sum(n) FROM (%s) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (year, kind, model_version, last_day, scene_code) DO UPDATE SET users = s.users + excluded.users$q$, src);
  EXECUTE format($q$
    INSERT INTO stat_user_last_months AS s (year, kind, model_version, last_month, scene_code, users)
    SELECT year, kind, model_version, date_trunc('month', day)::date, scene_code, sum(n) FROM (%s) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (year, kind, model_version, last_month, scene_code) DO UPDATE SET users = s.users + excluded.users$q$, src);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stat_user_days_count_insert AFTER INSERT ON stat_user_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_user_days_counted();
--> statement-breakpoint
CREATE TRIGGER stat_user_days_count_update AFTER UPDATE ON stat_user_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_user_days_counted();
--> statement-breakpoint
CREATE TRIGGER stat_user_days_count_delete AFTER DELETE ON stat_user_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_user_days_counted();
--> statement-breakpoint
INSERT INTO stat_user_last_days (year, kind, model_version, last_day, scene_code, users)
SELECT year, kind, model_version, stat_bit_day(last_bit, year), scene_code, count(*)
FROM stat_user_days WHERE last_bit > 0 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO stat_user_last_months (year, kind, model_version, last_month, scene_code, users)
SELECT year, kind, model_version, date_trunc('month', last_day)::date, scene_code, sum(users)
FROM stat_user_last_days GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The past's version (server/statistics/past-cache.ts): any statement that changes stat_daily on
-- a day before today in the platform zone bumps it, in the same transaction. stat_daily_scene
-- and stat_monthly follow stat_daily (0005), so this one table's changes cover what the cache
-- holds. A write of today (every live call) only probes its one-row transition table.
INSERT INTO stat_past_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION stat_past_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  probe CONSTANT text := 'SELECT EXISTS (SELECT 1 FROM %I WHERE day < (now() AT TIME ZONE ''Asia/Shanghai'')::date)';
  hit boolean := false;
BEGIN
  IF TG_OP <> 'DELETE' THEN EXECUTE format(probe, 'new_rows') INTO hit; END IF;
  IF NOT hit AND TG_OP <> 'INSERT' THEN EXECUTE format(probe, 'old_rows') INTO hit; END IF;
  IF hit THEN UPDATE stat_past_version SET version = version + 1 WHERE id = 1; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_past_insert AFTER INSERT ON stat_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
--> statement-breakpoint
CREATE TRIGGER stat_daily_past_update AFTER UPDATE ON stat_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
--> statement-breakpoint
CREATE TRIGGER stat_daily_past_delete AFTER DELETE ON stat_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
