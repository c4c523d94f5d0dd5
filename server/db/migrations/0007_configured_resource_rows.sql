CREATE TABLE "resource_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resource" varchar(40) NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resource_rows_live_idx" ON "resource_rows" USING btree ("resource","created_at","id") WHERE is_del = 0;--> statement-breakpoint
CREATE INDEX "resource_rows_resource_id_idx" ON "resource_rows" USING btree ("resource","id");--> statement-breakpoint
-- Hand-written below this line.
-- The typed views of a document's values that queries and expression indexes share
-- (server/resource-config/row-expressions.ts). An index expression must be IMMUTABLE.
-- text::timestamptz is only STABLE because a value without an offset reads the session's zone;
-- the rows store datetimes as toISOString() gives them (always with 'Z'), for which the cast
-- does not depend on any setting, so IMMUTABLE is true of every value it is given. Text of
-- another shape (a deleted row written under an earlier declaration) reads as NULL instead of
-- failing the query.
CREATE FUNCTION resource_ts(value text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN value ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$'
    THEN value::timestamptz END $$;
--> statement-breakpoint
-- A tags value as text[], so the tags filters of server/resources/query.ts (@>, &&) apply as
-- they do to a text[] column; anything but an array is no tags at all.
CREATE FUNCTION resource_tags(value jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'array'
    THEN ARRAY(SELECT jsonb_array_elements_text(value)) ELSE '{}'::text[] END $$;
