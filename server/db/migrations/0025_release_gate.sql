ALTER TABLE "prompt_versions" ADD COLUMN "gate_evaluation_id" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "baseline_evaluation_id" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "gate_override" varchar(500);--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "release_gate" jsonb;