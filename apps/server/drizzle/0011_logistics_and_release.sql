CREATE TABLE "clinic" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_location" CHECK ("clinic"."latitude" between -90 and 90 and "clinic"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "patient_clinic" (
	"user_id" text PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_label" (
	"kit_id" text NOT NULL,
	"user_id" text NOT NULL,
	"document_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_label_kit_id_user_id_pk" PRIMARY KEY("kit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sensitive_release" (
	"report_id" text NOT NULL,
	"user_id" text NOT NULL,
	"had_appointment" boolean NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_release_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sensitive_result_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_result_rule_kind_code_unique" UNIQUE("kind","code"),
	CONSTRAINT "sensitive_result_rule_kind" CHECK ("sensitive_result_rule"."kind" in ('condition', 'gene'))
);
--> statement-breakpoint
ALTER TABLE "kit" ADD COLUMN "address_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_clinic" ADD CONSTRAINT "patient_clinic_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_clinic" ADD CONSTRAINT "patient_clinic_clinic_id_clinic_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_label" ADD CONSTRAINT "return_label_kit_id_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_label" ADD CONSTRAINT "return_label_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_label" ADD CONSTRAINT "return_label_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_release" ADD CONSTRAINT "sensitive_release_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_release" ADD CONSTRAINT "sensitive_release_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_result_rule" ADD CONSTRAINT "sensitive_result_rule_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_zip_idx" ON "clinic" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "patient_clinic_clinic_id_idx" ON "patient_clinic" USING btree ("clinic_id");