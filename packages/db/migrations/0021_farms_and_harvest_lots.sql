CREATE TABLE "crops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pond_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"species" text NOT NULL,
	"stocked_on" date NOT NULL,
	"density" integer,
	"hatchery_name" text,
	"hatchery_registration" text,
	"feed_brand" text,
	"feed_lot" text,
	"no_treatments" boolean DEFAULT true NOT NULL,
	"treatments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"harvested_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crops_density_check" CHECK ("crops"."density" is null or "crops"."density" > 0),
	CONSTRAINT "crops_harvest_after_stocking_check" CHECK ("crops"."harvested_on" is null or "crops"."harvested_on" >= "crops"."stocked_on")
);
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "farms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"provider_id" integer,
	"name" text NOT NULL,
	"mpeda_enrolment" text,
	"caa_registration" text,
	"caa_expires_on" date,
	"state_licence" text,
	"survey_numbers" text,
	"area_ha" numeric(10, 2),
	"village" text,
	"mandal" text,
	"district" text,
	"state" text,
	"lat" double precision,
	"lng" double precision,
	"boundary" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farms_area_check" CHECK ("farms"."area_ha" is null or "farms"."area_ha" > 0)
);
--> statement-breakpoint
CREATE TABLE "harvest_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "harvest_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"crop_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"code" text NOT NULL,
	"expected_on" date NOT NULL,
	"quantity_kg" numeric(12, 1),
	"count_per_kg" integer,
	"buyer_name" text,
	"buyer_eic" text,
	"buyer_organisation_id" integer,
	"markets" text[] DEFAULT '{}'::text[] NOT NULL,
	"pht_certificate" text,
	"harvested_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "harvest_lots_code_check" CHECK ("harvest_lots"."code" ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
	CONSTRAINT "harvest_lots_quantity_check" CHECK ("harvest_lots"."quantity_kg" is null or "harvest_lots"."quantity_kg" > 0),
	CONSTRAINT "harvest_lots_count_check" CHECK ("harvest_lots"."count_per_kg" is null or "harvest_lots"."count_per_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "ponds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ponds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"code" text NOT NULL,
	"area_ha" numeric(10, 2),
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ponds_area_check" CHECK ("ponds"."area_ha" is null or "ponds"."area_ha" > 0)
);
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "pond_id" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "crop_id" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "lot_id" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "lab_settings" ADD COLUMN "screening_valid_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "prohibited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "prohibited_reference" text;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_pond_id_ponds_id_fk" FOREIGN KEY ("pond_id") REFERENCES "public"."ponds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_provider_id_sample_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sample_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_lots" ADD CONSTRAINT "harvest_lots_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_lots" ADD CONSTRAINT "harvest_lots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_lots" ADD CONSTRAINT "harvest_lots_buyer_organisation_id_organisations_id_fk" FOREIGN KEY ("buyer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_lots" ADD CONSTRAINT "harvest_lots_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ponds" ADD CONSTRAINT "ponds_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ponds" ADD CONSTRAINT "ponds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crops_open_per_pond_key" ON "crops" USING btree ("pond_id") WHERE "crops"."harvested_on" is null;--> statement-breakpoint
CREATE INDEX "crops_pond_idx" ON "crops" USING btree ("pond_id","stocked_on");--> statement-breakpoint
CREATE INDEX "farms_organisation_idx" ON "farms" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "harvest_lots_code_key" ON "harvest_lots" USING btree ("code");--> statement-breakpoint
CREATE INDEX "harvest_lots_crop_idx" ON "harvest_lots" USING btree ("crop_id","expected_on");--> statement-breakpoint
CREATE INDEX "harvest_lots_organisation_idx" ON "harvest_lots" USING btree ("organisation_id","expected_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ponds_farm_code_key" ON "ponds" USING btree ("farm_id",lower("code"));--> statement-breakpoint
CREATE INDEX "ponds_organisation_idx" ON "ponds" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_pond_id_ponds_id_fk" FOREIGN KEY ("pond_id") REFERENCES "public"."ponds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_lot_id_harvest_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."harvest_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "samples_pond_idx" ON "samples" USING btree ("pond_id","created_at") WHERE "samples"."pond_id" is not null;--> statement-breakpoint
CREATE INDEX "samples_lot_idx" ON "samples" USING btree ("lot_id","created_at","id") WHERE "samples"."lot_id" is not null;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_purpose_check" CHECK ("samples"."purpose" is null or "samples"."purpose" in ('monitoring', 'diagnosis', 'pre_harvest', 'raw_material', 'finished_product'));--> statement-breakpoint
ALTER TABLE "lab_settings" ADD CONSTRAINT "lab_settings_screening_days_check" CHECK ("lab_settings"."screening_valid_days" between 1 and 90);