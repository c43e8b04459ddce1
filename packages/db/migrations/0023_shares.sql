CREATE TABLE "shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"farm_id" integer,
	"lot_id" integer,
	"grantee_organisation_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "shares_target_check" CHECK (("shares"."farm_id" is null) <> ("shares"."lot_id" is null)),
	CONSTRAINT "shares_not_self_check" CHECK ("shares"."organisation_id" <> "shares"."grantee_organisation_id")
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_lot_id_harvest_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."harvest_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_grantee_organisation_id_organisations_id_fk" FOREIGN KEY ("grantee_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_revoked_by_customers_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_grantee_idx" ON "shares" USING btree ("grantee_organisation_id","expires_at") WHERE "shares"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "shares_organisation_idx" ON "shares" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shares_farm_idx" ON "shares" USING btree ("farm_id") WHERE "shares"."farm_id" is not null;--> statement-breakpoint
CREATE INDEX "shares_lot_idx" ON "shares" USING btree ("lot_id") WHERE "shares"."lot_id" is not null;