ALTER TABLE "model_evaluations" ADD COLUMN "judge_version" varchar(64);--> statement-breakpoint
ALTER TABLE "model_evaluations" ADD COLUMN "judge_rubric" text;