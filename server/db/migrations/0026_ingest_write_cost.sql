-- A call inserted with its cost (the ingest API prices a whole batch in its insert) skips the
-- per-row pricing function; every other insert is priced by it as before.
DROP TRIGGER prompt_calls_cost ON prompt_calls;
--> statement-breakpoint
CREATE TRIGGER prompt_calls_cost BEFORE INSERT ON prompt_calls FOR EACH ROW WHEN (NEW.cost IS NULL) EXECUTE FUNCTION prompt_call_cost();
--> statement-breakpoint
-- On PostgreSQL the trigram indexes of the tables the ingest API writes keep the default pending
-- list: autovacuum empties it, and a batch of rows added to a long list costs far less than one
-- merged into the index every few hundred rows. PGlite never vacuums, so its indexes keep the
-- short list, without which its planner stops using them.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX prompt_calls_title_trgm_idx RESET (gin_pending_list_limit);
    ALTER INDEX prompt_calls_question_trgm_idx RESET (gin_pending_list_limit);
    ALTER INDEX prompt_calls_answer_trgm_idx RESET (gin_pending_list_limit);
    ALTER INDEX records_chat_id_trgm_idx RESET (gin_pending_list_limit);
    ALTER INDEX records_title_trgm_idx RESET (gin_pending_list_limit);
  END IF;
END
$$;
