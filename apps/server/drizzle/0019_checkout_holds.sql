ALTER TABLE "checkout" ADD COLUMN "discount_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "card_check_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkout_discount_hold_idx" ON "checkout" USING btree ("discount_code") WHERE "checkout"."discount_held_until" is not null;