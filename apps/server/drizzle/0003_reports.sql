CREATE TABLE "couple_account" (
	"id" text PRIMARY KEY NOT NULL,
	"mother_id" text,
	"father_id" text,
	"mother_email" text,
	"father_email" text,
	"mother_order" text,
	"father_order" text,
	"pending_father_accept" boolean DEFAULT false NOT NULL,
	"pending_mother_accept" boolean DEFAULT false NOT NULL,
	"purchase_date" bigint NOT NULL,
	"test_type" text NOT NULL,
	"done_pilot_onboarding_steps" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "individual_order" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purchase_id" text NOT NULL,
	"purchase_date" bigint NOT NULL,
	"test_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_api_key" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "lab_api_key_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lab_report_id" text NOT NULL,
	"individual_order_id" text,
	"couple_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_lab_report_id_unique" UNIQUE("lab_report_id"),
	CONSTRAINT "report_one_owner" CHECK (("report"."individual_order_id" is null) <> ("report"."couple_account_id" is null))
);
--> statement-breakpoint
CREATE TABLE "report_version" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"changelog" text,
	"signed_off_on" date NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_version_report_id_version_unique" UNIQUE("report_id","version")
);
--> statement-breakpoint
ALTER TABLE "couple_account" ADD CONSTRAINT "couple_account_mother_id_user_id_fk" FOREIGN KEY ("mother_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couple_account" ADD CONSTRAINT "couple_account_father_id_user_id_fk" FOREIGN KEY ("father_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individual_order" ADD CONSTRAINT "individual_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_api_key" ADD CONSTRAINT "lab_api_key_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_individual_order_id_individual_order_id_fk" FOREIGN KEY ("individual_order_id") REFERENCES "public"."individual_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_couple_account_id_couple_account_id_fk" FOREIGN KEY ("couple_account_id") REFERENCES "public"."couple_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "couple_account_mother_idx" ON "couple_account" USING btree ("mother_id");--> statement-breakpoint
CREATE INDEX "couple_account_father_idx" ON "couple_account" USING btree ("father_id");--> statement-breakpoint
CREATE INDEX "document_user_id_idx" ON "document" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "individual_order_user_id_idx" ON "individual_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "report_individual_order_id_idx" ON "report" USING btree ("individual_order_id");--> statement-breakpoint
CREATE INDEX "report_couple_account_id_idx" ON "report" USING btree ("couple_account_id");