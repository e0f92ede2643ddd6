-- US spelling in the schema: counsellor becomes counselor (ADR 019), cancelled becomes canceled.
-- Renames keep every row.
ALTER TABLE "counsellor" RENAME TO "counselor";--> statement-breakpoint
ALTER TABLE "counselor" RENAME CONSTRAINT "counsellor_pkey" TO "counselor_pkey";--> statement-breakpoint
ALTER TABLE "counsellor_availability" RENAME TO "counselor_availability";--> statement-breakpoint
ALTER TABLE "counselor_availability" RENAME CONSTRAINT "counsellor_availability_pkey" TO "counselor_availability_pkey";--> statement-breakpoint
ALTER TABLE "counselor_availability" RENAME COLUMN "counsellor_id" TO "counselor_id";--> statement-breakpoint
ALTER TABLE "counselor_availability" RENAME CONSTRAINT "counsellor_availability_counsellor_id_counsellor_id_fk" TO "counselor_availability_counselor_id_counselor_id_fk";--> statement-breakpoint
ALTER TABLE "counselor_availability" RENAME CONSTRAINT "counsellor_availability_window" TO "counselor_availability_window";--> statement-breakpoint
ALTER INDEX "counsellor_availability_counsellor_id_idx" RENAME TO "counselor_availability_counselor_id_idx";--> statement-breakpoint
ALTER TABLE "appointment" RENAME COLUMN "counsellor_id" TO "counselor_id";--> statement-breakpoint
ALTER TABLE "appointment" RENAME CONSTRAINT "appointment_counsellor_id_counsellor_id_fk" TO "appointment_counselor_id_counselor_id_fk";--> statement-breakpoint
-- The staff audit trail names the action as the code does now.
UPDATE "audit_log" SET "action" = 'counselor-update' WHERE "action" = 'counsellor-update';--> statement-breakpoint
-- A demo portal's counselor takes the new id and address; her hours and bookings follow her.
INSERT INTO "counselor" ("id", "name", "email", "bio", "time_zone", "active", "created_at", "updated_at")
  SELECT 'demo-counselor', "name", 'counseling@demo.test', "bio", "time_zone", "active", "created_at", "updated_at"
  FROM "counselor" WHERE "id" = 'demo-counsellor'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "counselor_availability"
  SET "counselor_id" = 'demo-counselor', "id" = replace("id", 'demo-counsellor', 'demo-counselor')
  WHERE "counselor_id" = 'demo-counsellor';--> statement-breakpoint
UPDATE "appointment" SET "counselor_id" = 'demo-counselor' WHERE "counselor_id" = 'demo-counsellor';--> statement-breakpoint
DELETE FROM "counselor" WHERE "id" = 'demo-counsellor';;--> statement-breakpoint
-- Canceled, as the code writes it: the states stored and the columns of when.
ALTER TABLE "appointment" DROP CONSTRAINT "appointment_status";--> statement-breakpoint
UPDATE "appointment" SET "status" = 'canceled' WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_status" CHECK ("appointment"."status" in ('booked', 'canceled'));--> statement-breakpoint
ALTER TABLE "appointment" RENAME COLUMN "cancelled_at" TO "canceled_at";--> statement-breakpoint
ALTER TABLE "partner_invitation" RENAME COLUMN "cancelled_at" TO "canceled_at";--> statement-breakpoint
ALTER TABLE "job" DROP CONSTRAINT "job_state";--> statement-breakpoint
UPDATE "job" SET "state" = 'canceled' WHERE "state" = 'cancelled';--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_state" CHECK ("job"."state" in ('queued', 'running', 'succeeded', 'failed', 'canceled'));--> statement-breakpoint
UPDATE "checkout" SET "status" = 'canceled' WHERE "status" = 'cancelled';