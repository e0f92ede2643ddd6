CREATE TABLE "clinic_share" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "clinic_share_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "clinic" ADD COLUMN "results_email" text;--> statement-breakpoint
ALTER TABLE "patient_clinic" ADD COLUMN "sharing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_share" ADD CONSTRAINT "clinic_share_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_share" ADD CONSTRAINT "clinic_share_clinic_id_clinic_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_share_user_id_idx" ON "clinic_share" USING btree ("user_id");