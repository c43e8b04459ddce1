CREATE TABLE "sample_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"sampler_name" text NOT NULL,
	"user_type" text DEFAULT 'Farmer' NOT NULL,
	"phone_number" text NOT NULL,
	"alt_phone_number" text,
	"location" text,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"place_id" text,
	"farmers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_providers_user_type_check" CHECK ("sample_providers"."user_type" in ('Farmer', 'Agent')),
	CONSTRAINT "sample_providers_farmers_only_agents_check" CHECK ("sample_providers"."user_type" = 'Agent' or "sample_providers"."farmers" = '[]'::jsonb)
);
--> statement-breakpoint
ALTER TABLE "sample_providers" ADD CONSTRAINT "sample_providers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_providers_customer_idx" ON "sample_providers" USING btree ("customer_id","id");