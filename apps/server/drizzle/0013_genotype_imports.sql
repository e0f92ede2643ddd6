CREATE TABLE "genotype_import" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"job_id" text,
	"summary" jsonb,
	"sha256" text,
	"error" text,
	"genotypes_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "genotype_import_state" CHECK ("genotype_import"."state" in ('uploading', 'queued', 'importing', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "genotype_import" ADD CONSTRAINT "genotype_import_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genotype_import" ADD CONSTRAINT "genotype_import_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "genotype_import_user_id_idx" ON "genotype_import" USING btree ("user_id");