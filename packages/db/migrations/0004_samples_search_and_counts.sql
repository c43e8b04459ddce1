CREATE TABLE "sample_counts" (
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sample_counts_customer_id_status_pk" PRIMARY KEY("customer_id","status")
);
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(sampler_name || ' ' || shrimp_category || ' ' || shrimp_sub_category || ' ' || sampler_location || ' ' || coalesce(email_address, '') || ' ' || phone_number)) STORED;--> statement-breakpoint
ALTER TABLE "sample_counts" ADD CONSTRAINT "sample_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "samples_search_trgm_idx" ON "samples" USING gin ("search_text" gin_trgm_ops);