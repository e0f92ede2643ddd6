CREATE TABLE "checkout" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_code" text NOT NULL,
	"request" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_code" text,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"provider_session_id" text,
	"redirect_url" text,
	"payment_error" text,
	"card_last4" text,
	"provider_payment_id" text,
	"refunded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "checkout_user_idempotency_unique" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "discount_code" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_one_kind" CHECK (("discount_code"."percent_off" is null) <> ("discount_code"."amount_off_cents" is null))
);
--> statement-breakpoint
CREATE TABLE "kit" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"role" text NOT NULL,
	"recipient" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"note" text,
	"source" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"code" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"includes" text[] DEFAULT '{}' NOT NULL,
	"turnaround_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "purchase_order_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"checkout_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"currency" text NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_code" text,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"card_last4" text,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"partner" jsonb,
	"turnaround_days" integer NOT NULL,
	"couple_account_id" text,
	"individual_order_id" text,
	"receipt_document_id" text,
	"purchase_date" bigint NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_checkout_id_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit" ADD CONSTRAINT "kit_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_couple_account_id_couple_account_id_fk" FOREIGN KEY ("couple_account_id") REFERENCES "public"."couple_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_individual_order_id_individual_order_id_fk" FOREIGN KEY ("individual_order_id") REFERENCES "public"."individual_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_receipt_document_id_document_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_order_id_idx" ON "kit" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_event_order_id_idx" ON "order_event" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_user_id_idx" ON "purchase_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchase_order_couple_account_id_idx" ON "purchase_order" USING btree ("couple_account_id");--> statement-breakpoint
CREATE INDEX "purchase_order_individual_order_id_idx" ON "purchase_order" USING btree ("individual_order_id");--> statement-breakpoint
-- The default catalogue (ADR 012): staff change prices and texts on /admin.
INSERT INTO "product" ("code", "price_cents", "currency", "description", "includes", "turnaround_days") VALUES
('couple', 149800, 'usd', 'Screening for both of you before pregnancy: your joint chances of passing on a single-gene condition, and the polygenic risk of each of you for common conditions.', ARRAY['Two saliva kits, one for each partner, with prepaid return shipping','Carrier screening for recessive conditions, read together as a couple','Polygenic risk for 18 common conditions and 6 traits','A joint report and an individual report for each of you','A session with a genetic counselor'], 21),
('couple-30x', 249800, 'usd', 'The same screening for both of you from whole-genome sequencing at 30x depth, which reads more of each genome and finds more rare variants.', ARRAY['Two saliva kits, one for each partner, with prepaid return shipping','Whole-genome sequencing at 30x depth for each partner','Carrier screening for recessive conditions, read together as a couple','Polygenic risk for 18 common conditions and 6 traits','A joint report and an individual report for each of you','A session with a genetic counselor'], 28),
('individual', 79900, 'usd', 'Screening for you alone: your carrier status for single-gene conditions and your polygenic risk for common conditions.', ARRAY['One saliva kit with prepaid return shipping','Carrier screening for recessive conditions','Polygenic risk for 18 common conditions and 6 traits','An individual report','A session with a genetic counselor'], 21),
('individual-30x', 129900, 'usd', 'Screening for you alone from whole-genome sequencing at 30x depth, which reads more of the genome and finds more rare variants.', ARRAY['One saliva kit with prepaid return shipping','Whole-genome sequencing at 30x depth','Carrier screening for recessive conditions','Polygenic risk for 18 common conditions and 6 traits','An individual report','A session with a genetic counselor'], 28);
