CREATE TABLE "prompt_labels" (
	"prompt_id" integer NOT NULL,
	"label" varchar(32) NOT NULL,
	"number" integer NOT NULL,
	"set_by" varchar(64),
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_labels_prompt_id_label_pk" PRIMARY KEY("prompt_id","label")
);
--> statement-breakpoint
ALTER TABLE "prompt_labels" ADD CONSTRAINT "prompt_labels_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;