CREATE TABLE "appointment" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"counsellor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_status" CHECK ("appointment"."status" in ('booked', 'cancelled')),
	CONSTRAINT "appointment_times" CHECK ("appointment"."ends_at" > "appointment"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "counsellor" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_availability" (
	"id" text PRIMARY KEY NOT NULL,
	"counsellor_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"slot_minutes" integer NOT NULL,
	CONSTRAINT "counsellor_availability_window" CHECK ("counsellor_availability"."weekday" between 1 and 7 and "counsellor_availability"."start_minute" >= 0 and "counsellor_availability"."end_minute" <= 1440 and "counsellor_availability"."slot_minutes" > 0 and "counsellor_availability"."end_minute" - "counsellor_availability"."start_minute" >= "counsellor_availability"."slot_minutes")
);
--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_counsellor_id_counsellor_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellor"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_availability" ADD CONSTRAINT "counsellor_availability_counsellor_id_counsellor_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_booked_slot_idx" ON "appointment" USING btree ("counsellor_id","starts_at") WHERE "appointment"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "appointment_user_id_idx" ON "appointment" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "appointment_starts_at_idx" ON "appointment" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "counsellor_availability_counsellor_id_idx" ON "counsellor_availability" USING btree ("counsellor_id");