-- Retention (server/db/retention.ts): removing raw rows older than the retention
-- period keeps what the statistics counted of them. Its deletes run with the transaction
-- setting console.retention = 'on'; any other delete still takes its rows out of the rollups.
DROP TRIGGER prompt_calls_stat_delete ON prompt_calls;--> statement-breakpoint
CREATE TRIGGER prompt_calls_stat_delete AFTER DELETE ON prompt_calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN (coalesce(current_setting('console.retention', true), '') <> 'on') EXECUTE FUNCTION stat_calls_delete();--> statement-breakpoint
DROP TRIGGER records_stat_delete ON records;--> statement-breakpoint
CREATE TRIGGER records_stat_delete AFTER DELETE ON records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN (coalesce(current_setting('console.retention', true), '') <> 'on') EXECUTE FUNCTION stat_chats_delete();
