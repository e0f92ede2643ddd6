CREATE TABLE "return_shipment" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text NOT NULL,
	"postage_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"test" boolean NOT NULL,
	"label_url" text,
	"status" text NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_shipment_provider_shipment_unique" UNIQUE("provider","provider_shipment_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kit_id" text,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "return_shipment" ADD CONSTRAINT "return_shipment_kit_id_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_event" ADD CONSTRAINT "shipping_event_kit_id_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kit"("id") ON DELETE cascade ON UPDATE no action;