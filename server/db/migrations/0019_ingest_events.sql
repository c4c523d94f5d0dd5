CREATE TABLE "ingest_events" (
	"event_id" varchar(128) PRIMARY KEY NOT NULL,
	"key_id" text,
	"type" varchar(16) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
