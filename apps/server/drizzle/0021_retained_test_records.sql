CREATE TABLE "retained_test_record" (
	"id" text PRIMARY KEY NOT NULL,
	"person" jsonb NOT NULL,
	"records" jsonb NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
