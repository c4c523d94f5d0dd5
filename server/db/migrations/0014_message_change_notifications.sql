-- A session's messages announce their changes on `console_changes` too (migration 0013), so a
-- session's detail, whose statement reads its transcript, is kept until a message of any
-- session changes (server/resources/kept-answers.ts). Statement-level, as 0013's: one
-- notification per statement and transaction whatever its rows.
CREATE TRIGGER record_messages_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON record_messages FOR EACH STATEMENT EXECUTE FUNCTION console_notify_change();
