CREATE TABLE "report_reading" (
	"report_id" text NOT NULL,
	"user_id" text NOT NULL,
	"opened_version" integer NOT NULL,
	"previous_version" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_reading_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_reading" ADD CONSTRAINT "report_reading_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reading" ADD CONSTRAINT "report_reading_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;