DROP INDEX "prompts_public_created_at_idx";--> statement-breakpoint
DROP INDEX "scenes_live_created_at_idx";--> statement-breakpoint
ALTER TABLE "scenes" ALTER COLUMN "is_del" SET DATA TYPE integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "owner_id" varchar(64);--> statement-breakpoint
CREATE INDEX "agents_created_at_idx" ON "agents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agents_updated_at_idx" ON "agents" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "agents_agent_name_idx" ON "agents" USING btree ("agent_name");--> statement-breakpoint
CREATE INDEX "agents_scene_code_idx" ON "agents" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "agents_model_version_idx" ON "agents" USING btree ("model_version");--> statement-breakpoint
CREATE INDEX "agents_status_idx" ON "agents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "corpora_created_at_idx" ON "corpora" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "corpora_updated_at_idx" ON "corpora" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "corpora_corpus_name_idx" ON "corpora" USING btree ("corpus_name");--> statement-breakpoint
CREATE INDEX "corpora_scene_code_idx" ON "corpora" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "corpora_state_idx" ON "corpora" USING btree ("state");--> statement-breakpoint
CREATE INDEX "corpora_item_count_idx" ON "corpora" USING btree ("item_count");--> statement-breakpoint
CREATE INDEX "directives_created_at_idx" ON "directives" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "directives_updated_at_idx" ON "directives" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "directives_directive_name_idx" ON "directives" USING btree ("directive_name");--> statement-breakpoint
CREATE INDEX "directives_scene_code_idx" ON "directives" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "directives_status_idx" ON "directives" USING btree ("status");--> statement-breakpoint
CREATE INDEX "model_evaluations_created_at_idx" ON "model_evaluations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "model_evaluations_updated_at_idx" ON "model_evaluations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "model_evaluations_evaluate_name_idx" ON "model_evaluations" USING btree ("evaluate_name");--> statement-breakpoint
CREATE INDEX "model_evaluations_model_version_idx" ON "model_evaluations" USING btree ("model_version");--> statement-breakpoint
CREATE INDEX "model_evaluations_corpus_id_idx" ON "model_evaluations" USING btree ("corpus_id");--> statement-breakpoint
CREATE INDEX "model_evaluations_state_idx" ON "model_evaluations" USING btree ("state");--> statement-breakpoint
CREATE INDEX "model_evaluations_score_idx" ON "model_evaluations" USING btree ("score");--> statement-breakpoint
CREATE INDEX "plugin_configs_created_at_idx" ON "plugin_configs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "plugin_configs_updated_at_idx" ON "plugin_configs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin_name_idx" ON "plugin_configs" USING btree ("plugin_name");--> statement-breakpoint
CREATE INDEX "plugin_configs_status_idx" ON "plugin_configs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "prompt_calls_created_at_idx" ON "prompt_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prompt_calls_updated_at_idx" ON "prompt_calls" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "prompt_calls_assessment_idx" ON "prompt_calls" USING btree ("assessment");--> statement-breakpoint
CREATE INDEX "prompt_calls_user_id_idx" ON "prompt_calls" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prompt_calls_scene_code_idx" ON "prompt_calls" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "prompts_created_at_idx" ON "prompts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prompts_updated_at_idx" ON "prompts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "prompts_title_idx" ON "prompts" USING btree ("title");--> statement-breakpoint
CREATE INDEX "prompts_scene_code_idx" ON "prompts" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "prompts_type_idx" ON "prompts" USING btree ("type");--> statement-breakpoint
CREATE INDEX "prompts_status_idx" ON "prompts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "prompts_owner_id_idx" ON "prompts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "prompts_is_public_created_at_idx" ON "prompts" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "records_created_at_idx" ON "records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "records_scene_code_idx" ON "records" USING btree ("scene_code");--> statement-breakpoint
CREATE INDEX "records_type_idx" ON "records" USING btree ("type");--> statement-breakpoint
CREATE INDEX "records_tag_idx" ON "records" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "scenes_created_at_idx" ON "scenes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scenes_updated_at_idx" ON "scenes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "scenes_scene_name_idx" ON "scenes" USING btree ("scene_name");--> statement-breakpoint
CREATE INDEX "scenes_type_idx" ON "scenes" USING btree ("type");--> statement-breakpoint
CREATE INDEX "scenes_template_id_idx" ON "scenes" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "scenes_is_del_created_at_idx" ON "scenes" USING btree ("is_del","created_at");