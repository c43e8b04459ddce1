CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "verification_codes_customer_key";--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "shared_by" integer;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "purpose" text DEFAULT 'verify' NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_sessions_subject_live_idx" ON "auth_sessions" USING btree ("role","subject_id") WHERE "auth_sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_mail_shared_by_idx" ON "outbox_mail" USING btree ("shared_by","created_at") WHERE "outbox_mail"."shared_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_codes_customer_purpose_key" ON "verification_codes" USING btree ("customer_id","purpose");