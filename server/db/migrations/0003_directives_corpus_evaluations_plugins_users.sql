CREATE TABLE "corpus_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corpus_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"corpus_id" integer NOT NULL,
	"annotator_id" varchar(64) NOT NULL,
	"annotator_name" varchar(64),
	"label" varchar(16) NOT NULL,
	"recommended_answer" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corpus_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corpus_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"recommended_answer" text,
	"label" varchar(16),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"assignees" text[] DEFAULT '{}'::text[] NOT NULL,
	"annotator_id" varchar(64),
	"annotator_name" varchar(64),
	"annotated_at" timestamp with time zone,
	"reviewer_id" varchar(64),
	"reviewer_name" varchar(64),
	"reviewed_at" timestamp with time zone,
	"review_result" varchar(16),
	"source_call_id" integer
);
--> statement-breakpoint
CREATE TABLE "model_evaluate_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_evaluate_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluate_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"question" text NOT NULL,
	"expected_answer" text,
	"model_version" varchar(64) NOT NULL,
	"answer" text,
	"scores" jsonb,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"human_score" integer,
	"comment" text
);
--> statement-breakpoint
DROP INDEX "agents_scene_code_idx";--> statement-breakpoint
DROP INDEX "directives_directive_code_uq";--> statement-breakpoint
DROP INDEX "model_evaluations_model_version_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_score_idx";--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "status" SET DATA TYPE varchar(16) USING (CASE WHEN "status" = 1 THEN 'published' ELSE 'offline' END);--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "directives" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint

ALTER TABLE "users" ADD COLUMN "status" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar" varchar(2048);--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "system_prompt" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "plugins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "directives" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "scenes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "corpora" ADD COLUMN "type" varchar(16) DEFAULT 'qa' NOT NULL;--> statement-breakpoint
ALTER TABLE "corpora" ADD COLUMN "require_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "corpora" ADD COLUMN "annotated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "corpora" ADD COLUMN "reviewed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directives" ADD COLUMN "command" varchar(33);--> statement-breakpoint
UPDATE "directives" SET "command" = '/directive-' || "id";--> statement-breakpoint
ALTER TABLE "directives" ALTER COLUMN "command" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "directives" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "directives" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "directives" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "model_versions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "baseline_version" varchar(64);--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "metrics" jsonb;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "result_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "type" varchar(16) DEFAULT 'http' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "endpoint" varchar(2048);--> statement-breakpoint
UPDATE "plugin_configs" SET "endpoint" = 'http://localhost/';--> statement-breakpoint
ALTER TABLE "plugin_configs" ALTER COLUMN "endpoint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "method" varchar(16) DEFAULT 'POST' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "auth_type" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "parameter_schema" jsonb;--> statement-breakpoint
ALTER TABLE "corpus_labels" ADD CONSTRAINT "corpus_labels_item_id_corpus_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."corpus_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_labels_item_annotator_uq" ON "corpus_labels" USING btree ("item_id","annotator_id");--> statement-breakpoint
CREATE INDEX "corpus_labels_corpus_idx" ON "corpus_labels" USING btree ("corpus_id");--> statement-breakpoint
CREATE INDEX "corpus_items_created_at_idx" ON "corpus_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "corpus_items_updated_at_idx" ON "corpus_items" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "corpus_items_label_idx" ON "corpus_items" USING btree ("label");--> statement-breakpoint
CREATE INDEX "corpus_items_tags_idx" ON "corpus_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "corpus_items_status_idx" ON "corpus_items" USING btree ("status");--> statement-breakpoint
CREATE INDEX "corpus_items_assignees_idx" ON "corpus_items" USING gin ("assignees");--> statement-breakpoint
CREATE INDEX "corpus_items_annotator_id_idx" ON "corpus_items" USING btree ("annotator_id");--> statement-breakpoint
CREATE INDEX "corpus_items_annotated_at_idx" ON "corpus_items" USING btree ("annotated_at");--> statement-breakpoint
CREATE INDEX "corpus_items_corpus_id_id_idx" ON "corpus_items" USING btree ("corpus_id","id");--> statement-breakpoint
CREATE INDEX "corpus_items_corpus_id_status_id_idx" ON "corpus_items" USING btree ("corpus_id","status","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_created_at_idx" ON "model_evaluate_results" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_updated_at_idx" ON "model_evaluate_results" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_item_id_idx" ON "model_evaluate_results" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_model_version_idx" ON "model_evaluate_results" USING btree ("model_version");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_latency_ms_idx" ON "model_evaluate_results" USING btree ("latency_ms");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_human_score_idx" ON "model_evaluate_results" USING btree ("human_score");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_evaluate_id_item_id_model_version_idx" ON "model_evaluate_results" USING btree ("evaluate_id","item_id","model_version");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_evaluate_id_model_version_idx" ON "model_evaluate_results" USING btree ("evaluate_id","model_version");--> statement-breakpoint
CREATE INDEX "agents_template_id_idx" ON "agents" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "agents_plugins_idx" ON "agents" USING gin ("plugins");--> statement-breakpoint
CREATE INDEX "agents_directives_idx" ON "agents" USING gin ("directives");--> statement-breakpoint
CREATE INDEX "agents_scenes_idx" ON "agents" USING gin ("scenes");--> statement-breakpoint
CREATE INDEX "corpora_type_idx" ON "corpora" USING btree ("type");--> statement-breakpoint
CREATE INDEX "corpora_annotated_count_idx" ON "corpora" USING btree ("annotated_count");--> statement-breakpoint
CREATE INDEX "corpora_reviewed_count_idx" ON "corpora" USING btree ("reviewed_count");--> statement-breakpoint
CREATE UNIQUE INDEX "directives_command_uq" ON "directives" USING btree ("command");--> statement-breakpoint
CREATE INDEX "directives_template_id_idx" ON "directives" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "directives_sort_order_id_idx" ON "directives" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_model_versions_idx" ON "model_evaluations" USING gin ("model_versions");--> statement-breakpoint
CREATE INDEX "model_evaluations_template_id_idx" ON "model_evaluations" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "model_evaluations_started_at_idx" ON "model_evaluations" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "plugin_configs_type_idx" ON "plugin_configs" USING btree ("type");--> statement-breakpoint
CREATE INDEX "plugin_configs_auth_type_idx" ON "plugin_configs" USING btree ("auth_type");--> statement-breakpoint
UPDATE "agents" SET "scenes" = ARRAY["scene_code"] WHERE "scene_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "scene_code";--> statement-breakpoint
ALTER TABLE "directives" DROP COLUMN "directive_code";--> statement-breakpoint
UPDATE "model_evaluations" SET "model_versions" = ARRAY["model_version"], "metrics" = '["accuracy"]'::jsonb, "state" = CASE "state" WHEN 'finished' THEN 'completed' ELSE "state" END;--> statement-breakpoint
-- An evaluation names a corpus set now; one without a set cannot be reported on.
DELETE FROM "model_evaluations" WHERE "corpus_id" IS NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" ALTER COLUMN "corpus_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "model_evaluations" DROP COLUMN "model_version";--> statement-breakpoint
ALTER TABLE "model_evaluations" DROP COLUMN "score";--> statement-breakpoint
ALTER TABLE "plugin_configs" DROP COLUMN "config";