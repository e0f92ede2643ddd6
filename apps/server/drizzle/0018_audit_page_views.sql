ALTER TABLE "audit_log" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "page_view_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_page_view_idx" ON "audit_log" USING btree ("page_view_id","actor_id","subject_id","action","page");