CREATE TABLE "debug_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debug_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" varchar(64) NOT NULL,
	"source" varchar(16) NOT NULL,
	"template_id" integer,
	"template_title" varchar(128),
	"model_version" varchar(64) NOT NULL,
	"state" varchar(16) NOT NULL,
	"request" jsonb NOT NULL,
	"answer" text,
	"error" jsonb,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"tokens_estimated" boolean DEFAULT false NOT NULL,
	"ttft_ms" integer,
	"latency_ms" integer,
	"cost" numeric(14, 6),
	"call_id" bigint
);
--> statement-breakpoint
CREATE INDEX "debug_records_created_idx" ON "debug_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "debug_records_operator_created_idx" ON "debug_records" USING btree ("operator_id","created_at","id");