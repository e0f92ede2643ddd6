ALTER TABLE "job" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "job_dedupe_key_idx" ON "job" USING btree ("dedupe_key");