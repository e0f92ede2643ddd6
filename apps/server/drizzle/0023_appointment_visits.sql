ALTER TABLE "appointment" ADD COLUMN "method" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "meeting_room" text;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_method" CHECK ("appointment"."method" in ('phone', 'video'));