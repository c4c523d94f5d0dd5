CREATE TABLE "agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_name" varchar(64) NOT NULL,
	"agent_code" varchar(64) NOT NULL,
	"scene_code" varchar(64),
	"model_version" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "corpora" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corpora_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corpus_name" varchar(64) NOT NULL,
	"scene_code" varchar(64),
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "directives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "directives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"directive_name" varchar(64) NOT NULL,
	"directive_code" varchar(64) NOT NULL,
	"scene_code" varchar(64),
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_evaluations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluate_name" varchar(64) NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"corpus_id" integer,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"score" integer,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "plugin_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plugin_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plugin_name" varchar(64) NOT NULL,
	"plugin_code" varchar(64) NOT NULL,
	"config" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "prompt_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompt_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" varchar(128) NOT NULL,
	"template_id" integer,
	"question" text NOT NULL,
	"answer" text,
	"recommended_answer" text,
	"assessment" smallint DEFAULT 0 NOT NULL,
	"variables" text,
	"call_time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" varchar(64),
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"scene_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" varchar(128) NOT NULL,
	"scene_code" varchar(64),
	"type" varchar(16) DEFAULT 'CHATGPT' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_public" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chat_id" varchar(64) NOT NULL,
	"title" varchar(200) NOT NULL,
	"scene_code" varchar(64),
	"type" smallint DEFAULT 1 NOT NULL,
	"tag" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scene_name" varchar(64) NOT NULL,
	"scene_code" varchar(64) NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"description" text,
	"template_id" integer,
	"is_del" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"name" text,
	"avatar" text,
	"job" text,
	"job_name" text,
	"organization" text,
	"organization_name" text,
	"location" text,
	"location_name" text,
	"email" text,
	"phone" text,
	"introduction" text,
	"personal_website" text,
	"registration_date" timestamp with time zone,
	"account_id" text,
	"certification" integer,
	"user_code" text,
	"user_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_agent_code_uq" ON "agents" USING btree ("agent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "directives_directive_code_uq" ON "directives" USING btree ("directive_code");--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_configs_plugin_code_uq" ON "plugin_configs" USING btree ("plugin_code");--> statement-breakpoint
CREATE INDEX "prompt_calls_call_time_idx" ON "prompt_calls" USING btree ("call_time");--> statement-breakpoint
CREATE INDEX "prompt_calls_template_id_idx" ON "prompt_calls" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "prompts_public_created_at_idx" ON "prompts" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "records_chat_id_uq" ON "records" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "records_updated_at_idx" ON "records" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scenes_scene_code_live_uq" ON "scenes" USING btree ("scene_code") WHERE "scenes"."is_del" = 0;--> statement-breakpoint
CREATE INDEX "scenes_live_created_at_idx" ON "scenes" USING btree ("is_del","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");