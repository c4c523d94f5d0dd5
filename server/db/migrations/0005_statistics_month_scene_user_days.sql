CREATE TABLE "stat_daily_scene" (
	"day" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 6) DEFAULT 0 NOT NULL,
	"chats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_scene_day_scene_code_pk" PRIMARY KEY("day","scene_code")
);
--> statement-breakpoint
CREATE TABLE "stat_monthly" (
	"month" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 6) DEFAULT 0 NOT NULL,
	"chats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_monthly_month_scene_code_model_version_pk" PRIMARY KEY("month","scene_code","model_version")
);
--> statement-breakpoint
CREATE TABLE "stat_user_days" (
	"year" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"days" bit(732) NOT NULL,
	"first_bit" smallint GENERATED ALWAYS AS (position(B'1' in days)) STORED,
	"last_bit" smallint GENERATED ALWAYS AS (length(rtrim(days::text, '0'))) STORED,
	CONSTRAINT "stat_user_days_year_kind_model_version_scene_code_user_id_pk" PRIMARY KEY("year","kind","model_version","scene_code","user_id")
);
--> statement-breakpoint
CREATE INDEX "stat_user_days_user_idx" ON "stat_user_days" USING btree ("year","user_id");--> statement-breakpoint
CREATE INDEX "stat_daily_model_day_idx" ON "stat_daily" USING btree ("model_version","day");--> statement-breakpoint
-- Hand-written below this line: rollups derived from stat_daily and
-- stat_daily_users by their own statement-level triggers, so every path that writes those two
-- (the call and chat triggers of 0004, their truncate handlers) keeps these in step in the same
-- transaction. One function per table serves its three events: it picks the transition tables
-- by TG_OP and runs the shared statements through EXECUTE (transition tables are visible there).
-- The bit of `day` in the stat_user_days row of year `row_year` (that year or the next).
CREATE FUNCTION stat_day_bit(day date, row_year int) RETURNS bit(732) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (B'1' || repeat('0', 731)::bit(731))::bit(732)
    >> ((CASE WHEN extract(year FROM day)::int = row_year THEN 366 ELSE 0 END) + extract(doy FROM day)::int - 1)
$$;
--> statement-breakpoint
CREATE FUNCTION stat_daily_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus CONSTANT text := 'SELECT day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost, chats FROM %I';
  minus CONSTANT text := 'SELECT day, scene_code, model_version, -calls, -prompt_tokens, -completion_tokens, -cost, -chats FROM %I';
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN format(plus, 'new_rows')
    WHEN 'DELETE' THEN format(minus, 'old_rows')
    ELSE format(plus, 'new_rows') || ' UNION ALL ' || format(minus, 'old_rows') END;
  EXECUTE format($q$
    INSERT INTO stat_daily_scene AS s (day, scene_code, calls, prompt_tokens, completion_tokens, cost, chats)
    SELECT day, scene_code, sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(cost), sum(chats)
    FROM (%s) d (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost, chats)
    GROUP BY 1, 2
    HAVING sum(calls) <> 0 OR sum(prompt_tokens) <> 0 OR sum(completion_tokens) <> 0 OR sum(cost) <> 0 OR sum(chats) <> 0
    ORDER BY 1, 2
    ON CONFLICT (day, scene_code) DO UPDATE SET calls = s.calls + excluded.calls,
      prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = s.completion_tokens + excluded.completion_tokens,
      cost = s.cost + excluded.cost, chats = s.chats + excluded.chats$q$, src);
  EXECUTE format($q$
    INSERT INTO stat_monthly AS s (month, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost, chats)
    SELECT date_trunc('month', day)::date, scene_code, model_version, sum(calls), sum(prompt_tokens),
      sum(completion_tokens), sum(cost), sum(chats)
    FROM (%s) d (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost, chats)
    GROUP BY 1, 2, 3
    HAVING sum(calls) <> 0 OR sum(prompt_tokens) <> 0 OR sum(completion_tokens) <> 0 OR sum(cost) <> 0 OR sum(chats) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (month, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
      prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = s.completion_tokens + excluded.completion_tokens,
      cost = s.cost + excluded.cost, chats = s.chats + excluded.chats$q$, src);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A (day, scene, model, user) key touched by the statement is active when its stat_daily_users
-- row now holds calls. Its day's bit is set or cleared in the kind-0 rows of the day's year and
-- of the next year (each row spans two years); then the kinds 1–3 of every touched (year, user)
-- are recomputed as the OR of its kind-0 rows, so moves and deletes stay exact.
CREATE FUNCTION stat_daily_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys CONSTANT text := 'SELECT day, scene_code, model_version, user_id FROM %I';
  touched text;
BEGIN
  touched := format($q$
    WITH k AS (SELECT DISTINCT day, scene_code, model_version, user_id FROM (%s) x),
    b AS (SELECT k.day, k.scene_code, k.model_version, k.user_id, coalesce(u.calls, 0) > 0 AS active
      FROM k LEFT JOIN stat_daily_users u ON u.day = k.day AND u.scene_code = k.scene_code
        AND u.model_version = k.model_version AND u.user_id = k.user_id),
    p AS (SELECT (extract(year FROM b.day)::int + h)::smallint AS year, b.scene_code, b.model_version,
        b.user_id, b.active, stat_day_bit(b.day, extract(year FROM b.day)::int + h) AS bit
      FROM b CROSS JOIN (VALUES (0), (1)) v (h))$q$,
    CASE TG_OP
      WHEN 'INSERT' THEN format(keys, 'new_rows')
      WHEN 'DELETE' THEN format(keys, 'old_rows')
      ELSE format(keys, 'new_rows') || ' UNION ' || format(keys, 'old_rows') END);
  EXECUTE touched || $q$
    UPDATE stat_user_days x SET days = x.days & ~c.mask
    FROM (SELECT year, model_version, scene_code, user_id, bit_or(bit) AS mask
      FROM p WHERE NOT active GROUP BY 1, 2, 3, 4) c
    WHERE x.year = c.year AND x.kind = 0 AND x.model_version = c.model_version
      AND x.scene_code = c.scene_code AND x.user_id = c.user_id$q$;
  EXECUTE touched || $q$
    INSERT INTO stat_user_days AS x (year, kind, model_version, scene_code, user_id, days)
    SELECT year, 0, model_version, scene_code, user_id, bit_or(bit)
    FROM p WHERE active GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5
    ON CONFLICT (year, kind, model_version, scene_code, user_id) DO UPDATE SET days = x.days | excluded.days
      WHERE x.days | excluded.days <> x.days$q$;
  EXECUTE touched || $q$
    INSERT INTO stat_user_days AS x (year, kind, model_version, scene_code, user_id, days)
    SELECT r.year,
      (CASE WHEN grouping(r.scene_code) = 0 THEN 1 WHEN grouping(r.model_version) = 0 THEN 2 ELSE 3 END)::smallint,
      CASE WHEN grouping(r.model_version) = 0 THEN r.model_version ELSE '' END,
      CASE WHEN grouping(r.scene_code) = 0 THEN r.scene_code ELSE '' END,
      r.user_id, bit_or(r.days)
    FROM stat_user_days r
    JOIN (SELECT DISTINCT year, user_id FROM p) t ON r.year = t.year AND r.user_id = t.user_id
    WHERE r.kind = 0
    GROUP BY GROUPING SETS ((r.year, r.user_id, r.scene_code), (r.year, r.user_id, r.model_version),
      (r.year, r.user_id))
    ON CONFLICT (year, kind, model_version, scene_code, user_id) DO UPDATE SET days = excluded.days
      WHERE x.days <> excluded.days$q$;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_cascade_insert AFTER INSERT ON stat_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_changed();
--> statement-breakpoint
CREATE TRIGGER stat_daily_cascade_update AFTER UPDATE ON stat_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_changed();
--> statement-breakpoint
CREATE TRIGGER stat_daily_cascade_delete AFTER DELETE ON stat_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_changed();
--> statement-breakpoint
CREATE TRIGGER stat_daily_users_cascade_insert AFTER INSERT ON stat_daily_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_users_changed();
--> statement-breakpoint
CREATE TRIGGER stat_daily_users_cascade_update AFTER UPDATE ON stat_daily_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_users_changed();
--> statement-breakpoint
CREATE TRIGGER stat_daily_users_cascade_delete AFTER DELETE ON stat_daily_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_users_changed();
--> statement-breakpoint
INSERT INTO stat_daily_scene (day, scene_code, calls, prompt_tokens, completion_tokens, cost, chats)
SELECT day, scene_code, sum(calls), sum(prompt_tokens), sum(completion_tokens), sum(cost), sum(chats)
FROM stat_daily GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO stat_monthly (month, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost, chats)
SELECT date_trunc('month', day)::date, scene_code, model_version, sum(calls), sum(prompt_tokens),
  sum(completion_tokens), sum(cost), sum(chats)
FROM stat_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO stat_user_days (year, kind, model_version, scene_code, user_id, days)
SELECT (extract(year FROM day)::int + h)::smallint, 0, model_version, scene_code, user_id,
  bit_or(stat_day_bit(day, extract(year FROM day)::int + h))
FROM stat_daily_users CROSS JOIN (VALUES (0), (1)) v (h) WHERE calls > 0 GROUP BY 1, 3, 4, 5;
--> statement-breakpoint
INSERT INTO stat_user_days (year, kind, model_version, scene_code, user_id, days)
SELECT year,
  (CASE WHEN grouping(scene_code) = 0 THEN 1 WHEN grouping(model_version) = 0 THEN 2 ELSE 3 END)::smallint,
  CASE WHEN grouping(model_version) = 0 THEN model_version ELSE '' END,
  CASE WHEN grouping(scene_code) = 0 THEN scene_code ELSE '' END,
  user_id, bit_or(days)
FROM stat_user_days WHERE kind = 0
GROUP BY GROUPING SETS ((year, user_id, scene_code), (year, user_id, model_version), (year, user_id));
