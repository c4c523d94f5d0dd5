-- The past's version (0011) also moves with stat_hourly and stat_daily_users, so that more
-- answers may be cached behind it (server/statistics/past-cache.ts):
-- * Another zone's days are read from stat_hourly. A call moved between two hours of one
--   platform day (say 07:30 → 08:30 in Asia/Shanghai, across midnight UTC) nets to nothing in
--   stat_daily but changes two hours: any statement that changes an hour before the start of
--   today in the platform zone bumps the version.
-- * Distinct users of a past range are cached whole. A call given to another user nets to
--   nothing in stat_daily and stat_hourly but changes stat_daily_users: any statement that
--   changes a day before today there bumps it too.
-- A write of today (every live call) only probes its transition tables, as with stat_daily.
CREATE FUNCTION stat_past_hours_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  probe CONSTANT text := 'SELECT EXISTS (SELECT 1 FROM %I WHERE hour < date_trunc(''day'', now(), ''Asia/Shanghai''))';
  hit boolean := false;
BEGIN
  IF TG_OP <> 'DELETE' THEN EXECUTE format(probe, 'new_rows') INTO hit; END IF;
  IF NOT hit AND TG_OP <> 'INSERT' THEN EXECUTE format(probe, 'old_rows') INTO hit; END IF;
  IF hit THEN UPDATE stat_past_version SET version = version + 1 WHERE id = 1; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stat_hourly_past_insert AFTER INSERT ON stat_hourly REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_hours_touched();
--> statement-breakpoint
CREATE TRIGGER stat_hourly_past_update AFTER UPDATE ON stat_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_hours_touched();
--> statement-breakpoint
CREATE TRIGGER stat_hourly_past_delete AFTER DELETE ON stat_hourly REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_hours_touched();
--> statement-breakpoint
-- stat_daily_users has a `day` in the platform zone, as stat_daily: 0011's function serves it.
CREATE TRIGGER stat_daily_users_past_insert AFTER INSERT ON stat_daily_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
--> statement-breakpoint
CREATE TRIGGER stat_daily_users_past_update AFTER UPDATE ON stat_daily_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
--> statement-breakpoint
CREATE TRIGGER stat_daily_users_past_delete AFTER DELETE ON stat_daily_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_past_touched();
