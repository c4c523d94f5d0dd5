-- Templates carry tags too; a tags filter asks "contains this label", which a GIN index answers.
ALTER TABLE "prompts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "prompts_tags_idx" ON "prompts" USING gin ("tags");--> statement-breakpoint
-- Stored tags in the one spelling the server now writes (contract/tags.ts normalizeTag):
-- full-width ASCII as half-width, white space runs as one space, trimmed, Latin capitals lower
-- case (A-Z and those of Latin-1; a rarer Latin capital keeps its case until the row is next
-- saved), then empty tags and repeats dropped, the first of each kept in place.
CREATE FUNCTION console_tag_spelling(tag text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT
  AS $$ SELECT translate(
    btrim(regexp_replace(
      translate(tag,
        (SELECT string_agg(chr(c), '' ORDER BY c) FROM generate_series(65281, 65374) c),
        (SELECT string_agg(chr(c - 65248), '' ORDER BY c) FROM generate_series(65281, 65374) c)),
      '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' '),
    (SELECT string_agg(chr(c), '' ORDER BY c) FROM generate_series(65, 90) c)
      || (SELECT string_agg(chr(c), '' ORDER BY c) FROM generate_series(192, 222) c WHERE c <> 215),
    (SELECT string_agg(chr(c), '' ORDER BY c) FROM generate_series(97, 122) c)
      || (SELECT string_agg(chr(c), '' ORDER BY c) FROM generate_series(224, 254) c WHERE c <> 247)) $$;
--> statement-breakpoint
CREATE FUNCTION console_tags_spelling(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT
  AS $$ SELECT coalesce(array_agg(tag ORDER BY at), '{}'::text[]) FROM (
    SELECT console_tag_spelling(raw) AS tag, min(n) AS at
    FROM unnest(tags) WITH ORDINALITY AS u(raw, n) GROUP BY 1) spelled
  WHERE tag <> '' $$;
--> statement-breakpoint
UPDATE "records" SET "tag" = console_tags_spelling("tag") WHERE "tag" <> console_tags_spelling("tag");--> statement-breakpoint
UPDATE "corpus_items" SET "tags" = console_tags_spelling("tags") WHERE "tags" <> console_tags_spelling("tags");--> statement-breakpoint
DROP FUNCTION console_tags_spelling(text[]);--> statement-breakpoint
DROP FUNCTION console_tag_spelling(text);
