CREATE TABLE "document_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "report_id" text;--> statement-breakpoint
ALTER TABLE "document_session" ADD CONSTRAINT "document_session_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_session" ADD CONSTRAINT "document_session_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_session_expires_at_idx" ON "document_session" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_report_id_idx" ON "document" USING btree ("report_id");