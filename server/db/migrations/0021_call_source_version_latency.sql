ALTER TABLE "prompt_calls" ADD COLUMN "source" varchar(16) DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "prompt_calls" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
CREATE INDEX "prompt_calls_source_call_time_idx" ON "prompt_calls" USING btree ("source","call_time","id");