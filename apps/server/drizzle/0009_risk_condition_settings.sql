CREATE TABLE "risk_condition_setting" (
	"code" text PRIMARY KEY NOT NULL,
	"prevalence" double precision,
	"r2" double precision,
	"heritability" double precision,
	"note" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_condition_setting_fractions" CHECK (("risk_condition_setting"."prevalence" is null or ("risk_condition_setting"."prevalence" > 0 and "risk_condition_setting"."prevalence" < 1)) and ("risk_condition_setting"."r2" is null or ("risk_condition_setting"."r2" > 0 and "risk_condition_setting"."r2" < 1)) and ("risk_condition_setting"."heritability" is null or ("risk_condition_setting"."heritability" > 0 and "risk_condition_setting"."heritability" < 1))),
	CONSTRAINT "risk_condition_setting_some_value" CHECK ("risk_condition_setting"."prevalence" is not null or "risk_condition_setting"."r2" is not null or "risk_condition_setting"."heritability" is not null)
);
--> statement-breakpoint
ALTER TABLE "risk_condition_setting" ADD CONSTRAINT "risk_condition_setting_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;