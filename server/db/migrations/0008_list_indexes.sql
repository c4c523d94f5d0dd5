-- Hand-written: the trigram indexes below need pg_trgm, so it comes before drizzle-kit's part.
-- PGlite loads the extension's code only when opened with it (server/db/client.ts createPglite);
-- on PostgreSQL pg_trgm is a trusted contrib extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "agents_model_version_idx";--> statement-breakpoint
DROP INDEX "agents_template_id_idx";--> statement-breakpoint
DROP INDEX "agents_status_idx";--> statement-breakpoint
DROP INDEX "corpora_type_idx";--> statement-breakpoint
DROP INDEX "corpora_scene_code_idx";--> statement-breakpoint
DROP INDEX "corpora_state_idx";--> statement-breakpoint
DROP INDEX "corpus_items_label_idx";--> statement-breakpoint
DROP INDEX "corpus_items_status_idx";--> statement-breakpoint
DROP INDEX "corpus_items_annotator_id_idx";--> statement-breakpoint
DROP INDEX "directives_scene_code_idx";--> statement-breakpoint
DROP INDEX "directives_template_id_idx";--> statement-breakpoint
DROP INDEX "directives_status_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_item_id_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_model_version_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_human_score_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_corpus_id_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_template_id_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_state_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_type_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_auth_type_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_status_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_assessment_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_user_id_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_scene_code_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_model_type_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_model_version_idx";--> statement-breakpoint
DROP INDEX "prompts_scene_code_idx";--> statement-breakpoint
DROP INDEX "prompts_type_idx";--> statement-breakpoint
DROP INDEX "prompts_status_idx";--> statement-breakpoint
DROP INDEX "prompts_review_state_idx";--> statement-breakpoint
DROP INDEX "records_type_idx";--> statement-breakpoint
DROP INDEX "records_user_id_idx";--> statement-breakpoint
DROP INDEX "scenes_type_idx";--> statement-breakpoint
DROP INDEX "scenes_template_id_idx";--> statement-breakpoint
DROP INDEX "agents_created_at_idx";--> statement-breakpoint
DROP INDEX "agents_updated_at_idx";--> statement-breakpoint
DROP INDEX "agents_agent_name_idx";--> statement-breakpoint
DROP INDEX "corpora_created_at_idx";--> statement-breakpoint
DROP INDEX "corpora_updated_at_idx";--> statement-breakpoint
DROP INDEX "corpora_corpus_name_idx";--> statement-breakpoint
DROP INDEX "corpora_item_count_idx";--> statement-breakpoint
DROP INDEX "corpora_annotated_count_idx";--> statement-breakpoint
DROP INDEX "corpora_reviewed_count_idx";--> statement-breakpoint
DROP INDEX "corpus_items_created_at_idx";--> statement-breakpoint
DROP INDEX "corpus_items_updated_at_idx";--> statement-breakpoint
DROP INDEX "corpus_items_annotated_at_idx";--> statement-breakpoint
DROP INDEX "directives_created_at_idx";--> statement-breakpoint
DROP INDEX "directives_updated_at_idx";--> statement-breakpoint
DROP INDEX "directives_directive_name_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_created_at_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_updated_at_idx";--> statement-breakpoint
DROP INDEX "model_evaluate_results_latency_ms_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_created_at_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_updated_at_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_evaluate_name_idx";--> statement-breakpoint
DROP INDEX "model_evaluations_started_at_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_created_at_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_updated_at_idx";--> statement-breakpoint
DROP INDEX "plugin_configs_plugin_name_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_created_at_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_updated_at_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_call_time_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_prompt_tokens_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_completion_tokens_idx";--> statement-breakpoint
DROP INDEX "prompt_calls_total_tokens_idx";--> statement-breakpoint
DROP INDEX "prompts_created_at_idx";--> statement-breakpoint
DROP INDEX "prompts_updated_at_idx";--> statement-breakpoint
DROP INDEX "prompts_title_idx";--> statement-breakpoint
DROP INDEX "prompts_owner_id_idx";--> statement-breakpoint
DROP INDEX "records_created_at_idx";--> statement-breakpoint
DROP INDEX "records_updated_at_idx";--> statement-breakpoint
DROP INDEX "records_title_idx";--> statement-breakpoint
DROP INDEX "records_modified_at_idx";--> statement-breakpoint
DROP INDEX "records_message_count_idx";--> statement-breakpoint
DROP INDEX "records_total_tokens_idx";--> statement-breakpoint
DROP INDEX "scenes_created_at_idx";--> statement-breakpoint
DROP INDEX "scenes_updated_at_idx";--> statement-breakpoint
DROP INDEX "scenes_scene_name_idx";--> statement-breakpoint
CREATE INDEX "agents_model_version_created_at_idx" ON "agents" USING btree ("model_version","created_at","id");--> statement-breakpoint
CREATE INDEX "agents_template_id_created_at_idx" ON "agents" USING btree ("template_id","created_at","id");--> statement-breakpoint
CREATE INDEX "agents_status_created_at_idx" ON "agents" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "agents_agent_name_trgm_idx" ON "agents" USING gin ("agent_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "agents_agent_code_trgm_idx" ON "agents" USING gin ("agent_code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "corpora_type_created_at_idx" ON "corpora" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "corpora_scene_code_created_at_idx" ON "corpora" USING btree ("scene_code","created_at","id");--> statement-breakpoint
CREATE INDEX "corpora_state_created_at_idx" ON "corpora" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "corpora_corpus_name_trgm_idx" ON "corpora" USING gin ("corpus_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "corpus_items_label_id_idx" ON "corpus_items" USING btree ("label","id");--> statement-breakpoint
CREATE INDEX "corpus_items_status_id_idx" ON "corpus_items" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "corpus_items_annotator_id_id_idx" ON "corpus_items" USING btree ("annotator_id","id");--> statement-breakpoint
CREATE INDEX "corpus_items_annotated_at_desc_idx" ON "corpus_items" USING btree ("annotated_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "corpus_items_question_trgm_idx" ON "corpus_items" USING gin ("question" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "corpus_items_answer_trgm_idx" ON "corpus_items" USING gin ("answer" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "directives_scene_code_sort_order_idx" ON "directives" USING btree ("scene_code","sort_order","id");--> statement-breakpoint
CREATE INDEX "directives_template_id_sort_order_idx" ON "directives" USING btree ("template_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "directives_status_sort_order_idx" ON "directives" USING btree ("status","sort_order","id");--> statement-breakpoint
CREATE INDEX "directives_directive_name_trgm_idx" ON "directives" USING gin ("directive_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "directives_command_trgm_idx" ON "directives" USING gin ("command" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "directives_content_trgm_idx" ON "directives" USING gin ("content" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "model_evaluate_results_item_id_id_idx" ON "model_evaluate_results" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_model_version_item_id_idx" ON "model_evaluate_results" USING btree ("model_version","item_id","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_human_score_item_id_idx" ON "model_evaluate_results" USING btree ("human_score","item_id","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_human_score_desc_idx" ON "model_evaluate_results" USING btree ("human_score" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "model_evaluate_results_question_trgm_idx" ON "model_evaluate_results" USING gin ("question" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "model_evaluations_corpus_id_created_at_idx" ON "model_evaluations" USING btree ("corpus_id","created_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_template_id_created_at_idx" ON "model_evaluations" USING btree ("template_id","created_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_state_created_at_idx" ON "model_evaluations" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_started_at_desc_idx" ON "model_evaluations" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "model_evaluations_evaluate_name_trgm_idx" ON "model_evaluations" USING gin ("evaluate_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "plugin_configs_type_created_at_idx" ON "plugin_configs" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_auth_type_created_at_idx" ON "plugin_configs" USING btree ("auth_type","created_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_status_created_at_idx" ON "plugin_configs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin_name_trgm_idx" ON "plugin_configs" USING gin ("plugin_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin_code_trgm_idx" ON "plugin_configs" USING gin ("plugin_code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompt_calls_assessment_call_time_idx" ON "prompt_calls" USING btree ("assessment","call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_user_id_call_time_idx" ON "prompt_calls" USING btree ("user_id","call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_scene_code_call_time_idx" ON "prompt_calls" USING btree ("scene_code","call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_model_type_call_time_idx" ON "prompt_calls" USING btree ("model_type","call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_model_version_call_time_idx" ON "prompt_calls" USING btree ("model_version","call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_title_trgm_idx" ON "prompt_calls" USING gin ("title" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompt_calls_question_trgm_idx" ON "prompt_calls" USING gin ("question" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompt_calls_answer_trgm_idx" ON "prompt_calls" USING gin ("answer" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_scene_code_created_at_idx" ON "prompts" USING btree ("scene_code","created_at","id");--> statement-breakpoint
CREATE INDEX "prompts_type_created_at_idx" ON "prompts" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "prompts_status_created_at_idx" ON "prompts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "prompts_review_state_created_at_idx" ON "prompts" USING btree ("review_state","created_at","id");--> statement-breakpoint
CREATE INDEX "prompts_title_trgm_idx" ON "prompts" USING gin ("title" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_content_trgm_idx" ON "prompts" USING gin ("content" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "records_type_modified_at_idx" ON "records" USING btree ("type","modified_at","id");--> statement-breakpoint
CREATE INDEX "records_user_id_modified_at_idx" ON "records" USING btree ("user_id","modified_at","id");--> statement-breakpoint
CREATE INDEX "records_chat_id_trgm_idx" ON "records" USING gin ("chat_id" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "records_title_trgm_idx" ON "records" USING gin ("title" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "scenes_type_created_at_idx" ON "scenes" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "scenes_template_id_created_at_idx" ON "scenes" USING btree ("template_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scenes_scene_name_trgm_idx" ON "scenes" USING gin ("scene_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "scenes_scene_code_trgm_idx" ON "scenes" USING gin ("scene_code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "scenes_description_trgm_idx" ON "scenes" USING gin ("description" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "agents_created_at_idx" ON "agents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "agents_updated_at_idx" ON "agents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "agents_agent_name_idx" ON "agents" USING btree ("agent_name","id");--> statement-breakpoint
CREATE INDEX "corpora_created_at_idx" ON "corpora" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "corpora_updated_at_idx" ON "corpora" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "corpora_corpus_name_idx" ON "corpora" USING btree ("corpus_name","id");--> statement-breakpoint
CREATE INDEX "corpora_item_count_idx" ON "corpora" USING btree ("item_count","id");--> statement-breakpoint
CREATE INDEX "corpora_annotated_count_idx" ON "corpora" USING btree ("annotated_count","id");--> statement-breakpoint
CREATE INDEX "corpora_reviewed_count_idx" ON "corpora" USING btree ("reviewed_count","id");--> statement-breakpoint
CREATE INDEX "corpus_items_created_at_idx" ON "corpus_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "corpus_items_updated_at_idx" ON "corpus_items" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "corpus_items_annotated_at_idx" ON "corpus_items" USING btree ("annotated_at","id");--> statement-breakpoint
CREATE INDEX "directives_created_at_idx" ON "directives" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "directives_updated_at_idx" ON "directives" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "directives_directive_name_idx" ON "directives" USING btree ("directive_name","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_created_at_idx" ON "model_evaluate_results" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_updated_at_idx" ON "model_evaluate_results" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluate_results_latency_ms_idx" ON "model_evaluate_results" USING btree ("latency_ms","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_created_at_idx" ON "model_evaluations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_updated_at_idx" ON "model_evaluations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_evaluate_name_idx" ON "model_evaluations" USING btree ("evaluate_name","id");--> statement-breakpoint
CREATE INDEX "model_evaluations_started_at_idx" ON "model_evaluations" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_created_at_idx" ON "plugin_configs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_updated_at_idx" ON "plugin_configs" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin_name_idx" ON "plugin_configs" USING btree ("plugin_name","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_created_at_idx" ON "prompt_calls" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_updated_at_idx" ON "prompt_calls" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_call_time_idx" ON "prompt_calls" USING btree ("call_time","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_prompt_tokens_idx" ON "prompt_calls" USING btree ("prompt_tokens","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_completion_tokens_idx" ON "prompt_calls" USING btree ("completion_tokens","id");--> statement-breakpoint
CREATE INDEX "prompt_calls_total_tokens_idx" ON "prompt_calls" USING btree ("total_tokens","id");--> statement-breakpoint
CREATE INDEX "prompts_created_at_idx" ON "prompts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "prompts_updated_at_idx" ON "prompts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "prompts_title_idx" ON "prompts" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "prompts_owner_id_idx" ON "prompts" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "records_created_at_idx" ON "records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "records_updated_at_idx" ON "records" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "records_title_idx" ON "records" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "records_modified_at_idx" ON "records" USING btree ("modified_at","id");--> statement-breakpoint
CREATE INDEX "records_message_count_idx" ON "records" USING btree ("message_count","id");--> statement-breakpoint
CREATE INDEX "records_total_tokens_idx" ON "records" USING btree ("total_tokens","id");--> statement-breakpoint
CREATE INDEX "scenes_created_at_idx" ON "scenes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scenes_updated_at_idx" ON "scenes" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "scenes_scene_name_idx" ON "scenes" USING btree ("scene_name","id");