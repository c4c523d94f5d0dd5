CREATE TABLE "evaluation_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evaluation_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"model_version" varchar(64) NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_jobs_item_uq" ON "evaluation_jobs" USING btree ("evaluation_id","item_id","model_version");--> statement-breakpoint
CREATE INDEX "evaluation_jobs_state_idx" ON "evaluation_jobs" USING btree ("state","model_version","id");