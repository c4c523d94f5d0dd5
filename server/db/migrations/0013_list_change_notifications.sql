-- Every statement that changes a table a list reads announces it on the channel
-- `console_changes` (the table's name), delivered when its transaction commits and once per
-- table per transaction. A server keeps the counts of its lists until their tables change
-- (server/db/table-changes.ts, server/resources/paging.ts): a total stays exact however often
-- a list is paged or reloaded, and is counted once, not on every page. A statement-level
-- trigger: one notification per statement whatever its rows (the statistics' triggers on the
-- same tables do far more per statement).
CREATE FUNCTION console_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['agents', 'corpora', 'corpus_items', 'directives',
    'model_evaluate_results', 'model_evaluations', 'plugin_configs', 'prompt_calls', 'prompts',
    'records', 'scenes', 'resource_rows']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION console_notify_change()',
      t || '_changes', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A session ended or an account changed (disabled, another role or name, deleted) is announced
-- on `console_sessions` with the user's id, at commit: every server drops that user's cached
-- sessions at once (server/auth/session-cache.ts), not only the one that made the change, and
-- an operator's SQL counts too. TG_ARGV[0] names the column holding the user's id.
CREATE FUNCTION console_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION console_notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OF status, role, user_name OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION console_notify_session_change('id');
