ALTER TABLE "individual_order" ADD COLUMN "couple_account_id" text;--> statement-breakpoint
ALTER TABLE "individual_order" ADD CONSTRAINT "individual_order_couple_account_id_couple_account_id_fk" FOREIGN KEY ("couple_account_id") REFERENCES "public"."couple_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "individual_order_couple_kit_idx" ON "individual_order" USING btree ("couple_account_id","purchase_id") WHERE "individual_order"."couple_account_id" is not null;--> statement-breakpoint
-- Each joined partner of a couple test bought before this gets the individual order the test
-- sells them, its purchase id their kit, unless they have one for that kit already.
INSERT INTO "individual_order" ("id", "user_id", "purchase_id", "purchase_date", "test_type", "couple_account_id", "activated_at")
SELECT gen_random_uuid()::text, side."user_id", side."kit", ca."purchase_date", ca."test_type", ca."id", ca."activated_at"
FROM "couple_account" ca
CROSS JOIN LATERAL (VALUES (ca."mother_id", ca."mother_order"), (ca."father_id", ca."father_order")) AS side("user_id", "kit")
WHERE side."user_id" IS NOT NULL AND side."kit" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "individual_order" io WHERE io."user_id" = side."user_id" AND io."purchase_id" = side."kit"
  );
