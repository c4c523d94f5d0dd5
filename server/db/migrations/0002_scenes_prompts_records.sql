CREATE TABLE "model_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"prompt_price" numeric(12, 6) DEFAULT 0 NOT NULL,
	"completion_price" numeric(12, 6) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompt_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prompt_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"title" varchar(128) NOT NULL,
	"scene_code" varchar(64),
	"type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"variables" jsonb,
	"description" text,
	"note" varchar(200),
	"author_id" varchar(64),
	"reviewer_id" varchar(64),
	"reviewed_at" timestamp with time zone,
	"reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"feedback" varchar(16),
	"feedback_note" varchar(500)
);
--> statement-breakpoint
DROP INDEX "prompt_calls_template_id_idx";--> statement-breakpoint
DROP INDEX "records_scene_code_idx";--> statement-breakpoint
DROP INDEX "records_tag_idx";--> statement-breakpoint
ALTER TABLE "prompt_calls" ALTER COLUMN "variables" SET DATA TYPE jsonb USING CASE WHEN "variables" IS NULL THEN NULL ELSE jsonb_build_array(jsonb_build_object('name', 'variables', 'value', "variables")) END;--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "tag" SET DATA TYPE text[] USING CASE WHEN "tag" IS NULL OR "tag" = '' THEN '{}'::text[] ELSE ARRAY["tag"]::text[] END;--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "tag" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "tag" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "total_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "model_type" varchar(16) DEFAULT 'CHATGPT' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "model_version" varchar(64);--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "variables" jsonb;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "note" varchar(200);--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "live_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "pending_version" integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "review_state" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "user_id" varchar(64);--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "total_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_messages" ADD CONSTRAINT "record_messages_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_versions_type_version_uq" ON "model_versions" USING btree ("model_type","version");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_prompt_number_uq" ON "prompt_versions" USING btree ("prompt_id","number");--> statement-breakpoint
CREATE INDEX "prompt_versions_state_idx" ON "prompt_versions" USING btree ("state");--> statement-breakpoint
CREATE INDEX "record_messages_record_seq_idx" ON "record_messages" USING btree ("record_id","seq");--> statement-breakpoint
CREATE INDEX "prompt_calls_prompt_tokens_idx" ON "prompt_calls" USING btree ("prompt_tokens");--> statement-breakpoint
CREATE INDEX "prompt_calls_completion_tokens_idx" ON "prompt_calls" USING btree ("completion_tokens");--> statement-breakpoint
CREATE INDEX "prompt_calls_total_tokens_idx" ON "prompt_calls" USING btree ("total_tokens");--> statement-breakpoint
CREATE INDEX "prompt_calls_model_type_idx" ON "prompt_calls" USING btree ("model_type");--> statement-breakpoint
CREATE INDEX "prompt_calls_model_version_idx" ON "prompt_calls" USING btree ("model_version");--> statement-breakpoint
CREATE INDEX "prompt_calls_template_id_call_time_idx" ON "prompt_calls" USING btree ("template_id","call_time");--> statement-breakpoint
CREATE INDEX "prompts_review_state_idx" ON "prompts" USING btree ("review_state");--> statement-breakpoint
CREATE INDEX "records_title_idx" ON "records" USING btree ("title");--> statement-breakpoint
CREATE INDEX "records_modified_at_idx" ON "records" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "records_user_id_idx" ON "records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "records_message_count_idx" ON "records" USING btree ("message_count");--> statement-breakpoint
CREATE INDEX "records_total_tokens_idx" ON "records" USING btree ("total_tokens");--> statement-breakpoint
CREATE INDEX "records_scene_code_modified_at_idx" ON "records" USING btree ("scene_code","modified_at");--> statement-breakpoint
CREATE INDEX "records_tag_idx" ON "records" USING gin ("tag");