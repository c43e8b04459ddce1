CREATE TABLE "lab_setting_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lab_setting_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"setting" text NOT NULL,
	"value" jsonb NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"one_person_revocation" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_settings_single_row_check" CHECK ("lab_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "revocation_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revocation_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"reason_code" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_reset_codes" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "revoked_reason_code" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "revoked_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "revocation_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "check_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)) NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_setting_changes" ADD CONSTRAINT "lab_setting_changes_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_settings" ADD CONSTRAINT "lab_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revocation_requests" ADD CONSTRAINT "revocation_requests_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revocation_requests" ADD CONSTRAINT "revocation_requests_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revocation_requests" ADD CONSTRAINT "revocation_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reset_codes" ADD CONSTRAINT "staff_reset_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revocation_requests_open_key" ON "revocation_requests" USING btree ("report_id") WHERE "revocation_requests"."outcome" is null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_revoked_by_staff_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_revocation_confirmed_by_staff_id_fk" FOREIGN KEY ("revocation_confirmed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_check_code_key" ON "reports" USING btree ("check_code");--> statement-breakpoint
UPDATE "reports" SET "revoked_reason_code" = 'other' WHERE "status" = 'revoked';--> statement-breakpoint
INSERT INTO "lab_settings" ("id", "one_person_revocation") VALUES (1, false) ON CONFLICT DO NOTHING;
