ALTER TABLE "model_versions" ADD COLUMN "provider" varchar(32);--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "base_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "model" varchar(128);--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "api_key" text;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "timeout_ms" integer DEFAULT 60000 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "max_concurrency" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "retries" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "mock_latency_ms" integer DEFAULT 200 NOT NULL;