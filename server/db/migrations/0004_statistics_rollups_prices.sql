CREATE TABLE "model_version_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_version_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_version_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"prompt_price" numeric(12, 6) NOT NULL,
	"completion_price" numeric(12, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_daily" (
	"day" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 6) DEFAULT 0 NOT NULL,
	"chats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_day_scene_code_model_version_pk" PRIMARY KEY("day","scene_code","model_version")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_users" (
	"day" date NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_users_day_scene_code_model_version_user_id_pk" PRIMARY KEY("day","scene_code","model_version","user_id")
);
--> statement-breakpoint
CREATE TABLE "stat_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 6) DEFAULT 0 NOT NULL,
	"chats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_hourly_hour_scene_code_model_version_pk" PRIMARY KEY("hour","scene_code","model_version")
);
--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "cost" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "monthly_budget" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "model_version_prices" ADD CONSTRAINT "model_version_prices_model_version_id_model_versions_id_fk" FOREIGN KEY ("model_version_id") REFERENCES "public"."model_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_version_prices_version_from_uq" ON "model_version_prices" USING btree ("model_version_id","effective_from");--> statement-breakpoint
-- Hand-written below this line: price history, each call's cost at its call time,
-- and the usage rollups kept by triggers in the same transaction as every write.
-- The daily rollups use the platform zone Asia/Shanghai (contract/statistics.ts DEFAULT_TIME_ZONE).
CREATE FUNCTION model_version_price_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO model_version_prices (model_version_id, effective_from, prompt_price, completion_price)
    VALUES (NEW.id, '-infinity', NEW.prompt_price, NEW.completion_price);
  ELSIF NEW.prompt_price IS DISTINCT FROM OLD.prompt_price
     OR NEW.completion_price IS DISTINCT FROM OLD.completion_price THEN
    INSERT INTO model_version_prices (model_version_id, effective_from, prompt_price, completion_price)
    VALUES (NEW.id, now(), NEW.prompt_price, NEW.completion_price)
    ON CONFLICT (model_version_id, effective_from) DO UPDATE
      SET prompt_price = excluded.prompt_price, completion_price = excluded.completion_price;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER model_versions_price_log AFTER INSERT OR UPDATE ON model_versions FOR EACH ROW EXECUTE FUNCTION model_version_price_log();
--> statement-breakpoint
INSERT INTO model_version_prices (model_version_id, effective_from, prompt_price, completion_price) SELECT id, '-infinity', prompt_price, completion_price FROM model_versions;
--> statement-breakpoint
CREATE FUNCTION prompt_call_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cost IS NULL THEN
    NEW.cost := coalesce((
    SELECT round((NEW.prompt_tokens * p.prompt_price + NEW.completion_tokens * p.completion_price) / 1000.0, 6)
    FROM model_versions v JOIN model_version_prices p ON p.model_version_id = v.id
    WHERE v.model_type = NEW.model_type AND v.version = NEW.model_version AND p.effective_from <= NEW.call_time
    ORDER BY p.effective_from DESC LIMIT 1), 0);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prompt_calls_cost BEFORE INSERT ON prompt_calls FOR EACH ROW EXECUTE FUNCTION prompt_call_cost();
--> statement-breakpoint
UPDATE prompt_calls c SET cost = coalesce((
    SELECT round((c.prompt_tokens * p.prompt_price + c.completion_tokens * p.completion_price) / 1000.0, 6)
    FROM model_versions v JOIN model_version_prices p ON p.model_version_id = v.id
    WHERE v.model_type = c.model_type AND v.version = c.model_version AND p.effective_from <= c.call_time
    ORDER BY p.effective_from DESC LIMIT 1), 0);
--> statement-breakpoint
CREATE FUNCTION stat_calls_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT date_trunc('hour', t, 'UTC'), scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows)
  INSERT INTO stat_daily_users AS s (day, scene_code, model_version, user_id, calls)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, user_id, sum(n) FROM d WHERE user_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, scene_code, model_version, user_id) DO UPDATE SET calls = s.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_calls_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT date_trunc('hour', t, 'UTC'), scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_daily_users AS s (day, scene_code, model_version, user_id, calls)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, user_id, sum(n) FROM d WHERE user_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, scene_code, model_version, user_id) DO UPDATE SET calls = s.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_calls_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows UNION ALL SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT date_trunc('hour', t, 'UTC'), scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows UNION ALL SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
    prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
    completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
  WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM new_rows UNION ALL SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, -1 AS n, -prompt_tokens::bigint AS pt, -completion_tokens::bigint AS ct, -coalesce(cost, 0) AS cost FROM old_rows)
  INSERT INTO stat_daily_users AS s (day, scene_code, model_version, user_id, calls)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, user_id, sum(n) FROM d WHERE user_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, scene_code, model_version, user_id) DO UPDATE SET calls = s.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_calls_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stat_hourly SET calls = 0, prompt_tokens = 0, completion_tokens = 0, cost = 0 WHERE calls <> 0 OR cost <> 0 OR prompt_tokens <> 0 OR completion_tokens <> 0;
  UPDATE stat_daily SET calls = 0, prompt_tokens = 0, completion_tokens = 0, cost = 0 WHERE calls <> 0 OR cost <> 0 OR prompt_tokens <> 0 OR completion_tokens <> 0;
  DELETE FROM stat_daily_users;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prompt_calls_stat_insert AFTER INSERT ON prompt_calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_calls_insert();
--> statement-breakpoint
CREATE TRIGGER prompt_calls_stat_delete AFTER DELETE ON prompt_calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_calls_delete();
--> statement-breakpoint
CREATE TRIGGER prompt_calls_stat_update AFTER UPDATE ON prompt_calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_calls_update();
--> statement-breakpoint
CREATE TRIGGER prompt_calls_stat_truncate AFTER TRUNCATE ON prompt_calls FOR EACH STATEMENT EXECUTE FUNCTION stat_calls_truncate();
--> statement-breakpoint
CREATE FUNCTION stat_chats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM new_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, chats)
  SELECT date_trunc('hour', t, 'UTC'), scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM new_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, chats)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_chats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, -1 AS n FROM old_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, chats)
  SELECT date_trunc('hour', t, 'UTC'), scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, -1 AS n FROM old_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, chats)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_chats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM new_rows UNION ALL SELECT created_at AS t, coalesce(scene_code, '') AS scene, -1 AS n FROM old_rows)
  INSERT INTO stat_hourly AS s (hour, scene_code, model_version, chats)
  SELECT date_trunc('hour', t, 'UTC'), scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM new_rows UNION ALL SELECT created_at AS t, coalesce(scene_code, '') AS scene, -1 AS n FROM old_rows)
  INSERT INTO stat_daily AS s (day, scene_code, model_version, chats)
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stat_chats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stat_hourly SET chats = 0 WHERE chats <> 0;
  UPDATE stat_daily SET chats = 0 WHERE chats <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER records_stat_insert AFTER INSERT ON records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_chats_insert();
--> statement-breakpoint
CREATE TRIGGER records_stat_delete AFTER DELETE ON records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_chats_delete();
--> statement-breakpoint
CREATE TRIGGER records_stat_update AFTER UPDATE ON records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_chats_update();
--> statement-breakpoint
CREATE TRIGGER records_stat_truncate AFTER TRUNCATE ON records FOR EACH STATEMENT EXECUTE FUNCTION stat_chats_truncate();
--> statement-breakpoint
WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM prompt_calls)
INSERT INTO stat_hourly AS s (hour, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
SELECT date_trunc('hour', t, 'UTC'), scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
  prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
  completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
--> statement-breakpoint
WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM prompt_calls)
INSERT INTO stat_daily AS s (day, scene_code, model_version, calls, prompt_tokens, completion_tokens, cost)
SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, sum(n), sum(pt), sum(ct), sum(cost) FROM d
GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(pt) <> 0 OR sum(ct) <> 0 OR sum(cost) <> 0 ORDER BY 1, 2, 3
ON CONFLICT (day, scene_code, model_version) DO UPDATE SET calls = s.calls + excluded.calls,
  prompt_tokens = s.prompt_tokens + excluded.prompt_tokens,
  completion_tokens = s.completion_tokens + excluded.completion_tokens, cost = s.cost + excluded.cost;
--> statement-breakpoint
WITH d AS (SELECT call_time AS t, coalesce(scene_code, '') AS scene, coalesce(model_version, '') AS model, user_id, 1 AS n, prompt_tokens::bigint AS pt, completion_tokens::bigint AS ct, coalesce(cost, 0) AS cost FROM prompt_calls)
INSERT INTO stat_daily_users AS s (day, scene_code, model_version, user_id, calls)
SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, model, user_id, sum(n) FROM d WHERE user_id IS NOT NULL
GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
ON CONFLICT (day, scene_code, model_version, user_id) DO UPDATE SET calls = s.calls + excluded.calls;
--> statement-breakpoint
WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM records)
INSERT INTO stat_hourly AS s (hour, scene_code, model_version, chats)
SELECT date_trunc('hour', t, 'UTC'), scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
ON CONFLICT (hour, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
--> statement-breakpoint
WITH d AS (SELECT created_at AS t, coalesce(scene_code, '') AS scene, 1 AS n FROM records)
INSERT INTO stat_daily AS s (day, scene_code, model_version, chats)
SELECT (t AT TIME ZONE 'Asia/Shanghai')::date, scene, '', sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
ON CONFLICT (day, scene_code, model_version) DO UPDATE SET chats = s.chats + excluded.chats;
