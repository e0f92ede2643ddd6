CREATE TABLE "partner_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"couple_account_id" text NOT NULL,
	"invited_by" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "survey_response" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"variant" text NOT NULL,
	"questionnaire_version" text NOT NULL,
	"status" text NOT NULL,
	"response" jsonb NOT NULL,
	"current_page" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_response_user_variant_unique" UNIQUE("user_id","variant")
);
--> statement-breakpoint
CREATE TABLE "terms_acceptance" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"document_id" text,
	CONSTRAINT "terms_acceptance_user_document_version_unique" UNIQUE("user_id","document","version")
);
--> statement-breakpoint
ALTER TABLE "couple_account" ADD COLUMN "mother_shares_individual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "couple_account" ADD COLUMN "father_shares_individual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "couple_account" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_invitation" ADD CONSTRAINT "partner_invitation_couple_account_id_couple_account_id_fk" FOREIGN KEY ("couple_account_id") REFERENCES "public"."couple_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitation" ADD CONSTRAINT "partner_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitation" ADD CONSTRAINT "partner_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response" ADD CONSTRAINT "survey_response_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptance" ADD CONSTRAINT "terms_acceptance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptance" ADD CONSTRAINT "terms_acceptance_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_invitation_couple_account_id_idx" ON "partner_invitation" USING btree ("couple_account_id");--> statement-breakpoint
CREATE INDEX "partner_invitation_email_idx" ON "partner_invitation" USING btree ("email");