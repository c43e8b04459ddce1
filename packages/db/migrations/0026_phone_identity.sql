CREATE TABLE "phone_codes" (
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"customer_id" integer,
	CONSTRAINT "phone_codes_phone_purpose_pk" PRIMARY KEY("phone","purpose"),
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('register', 'sign-in', 'reset', 'verify-phone'))
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_settings" ADD COLUMN "international_phones" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_expires_idx" ON "phone_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_verified_phone_key" ON "customers" USING btree ("phone_number") WHERE "customers"."phone_verified_at" is not null and "customers"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_contact_check" CHECK ("customers"."removed_at" is not null or "customers"."email" is not null or ("customers"."phone_verified_at" is not null and "customers"."phone_number" is not null));