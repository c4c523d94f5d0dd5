-- Lists and details read the database on every request: nothing listens for table changes any
-- more. The sessions channel (console_sessions) stays: it ends cached sessions on every server.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['agents', 'corpora', 'corpus_items', 'directives',
    'model_evaluate_results', 'model_evaluations', 'plugin_configs', 'prompt_calls', 'prompts',
    'records', 'scenes', 'resource_rows', 'record_messages']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_changes', t);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS console_notify_change();
