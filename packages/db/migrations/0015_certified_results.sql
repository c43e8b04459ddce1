CREATE TABLE "market_limits" (
	"spec_version_id" integer NOT NULL,
	"parameter_code" text NOT NULL,
	"kind" text NOT NULL,
	"min" double precision,
	"max" double precision,
	"strict" boolean DEFAULT false NOT NULL,
	"grade" text,
	"reference" text NOT NULL,
	"effective_from" date NOT NULL,
	CONSTRAINT "market_limits_spec_version_id_parameter_code_pk" PRIMARY KEY("spec_version_id","parameter_code"),
	CONSTRAINT "market_limits_kind_check" CHECK ("market_limits"."kind" in ('max', 'min', 'range', 'not_detected', 'absent_25g'))
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_parameters" (
	"test_type" text NOT NULL,
	"parameter_code" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "panel_parameters_test_type_parameter_code_pk" PRIMARY KEY("test_type","parameter_code")
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"method" text NOT NULL,
	"method_role" text DEFAULT 'confirmatory' NOT NULL,
	"lod" double precision,
	"loq" double precision,
	"grades" text[],
	"per25g" boolean DEFAULT false NOT NULL,
	"cutoff" double precision,
	"confirm_with" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parameters_kind_check" CHECK ("parameters"."kind" in ('quantitative', 'qualitative', 'graded')),
	CONSTRAINT "parameters_method_role_check" CHECK ("parameters"."method_role" in ('screening', 'confirmatory'))
);
--> statement-breakpoint
CREATE TABLE "report_documents" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_spec_versions" (
	"report_id" integer NOT NULL,
	"spec_version_id" integer NOT NULL,
	CONSTRAINT "report_spec_versions_report_id_spec_version_id_pk" PRIMARY KEY("report_id","spec_version_id")
);
--> statement-breakpoint
CREATE TABLE "sample_analyses" (
	"sample_id" integer NOT NULL,
	"round" integer NOT NULL,
	"state" text NOT NULL,
	"analyst_note" text,
	"returned_note" text,
	"returned_by" integer,
	"returned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_analyses_sample_id_round_pk" PRIMARY KEY("sample_id","round")
);
--> statement-breakpoint
CREATE TABLE "sample_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_id" integer NOT NULL,
	"round" integer NOT NULL,
	"parameter_code" text NOT NULL,
	"value" double precision,
	"qualifier" text,
	"entered_by" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spec_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"market_code" text NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"reference" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reports_sample_key";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "default_markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_events" ADD COLUMN "kind" text DEFAULT 'move' NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "result_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "analyst_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "analysed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "testing_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "markets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "parameters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "roles" text[] DEFAULT '{analyst,reviewer}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "market_limits" ADD CONSTRAINT "market_limits_spec_version_id_spec_versions_id_fk" FOREIGN KEY ("spec_version_id") REFERENCES "public"."spec_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_limits" ADD CONSTRAINT "market_limits_parameter_code_parameters_code_fk" FOREIGN KEY ("parameter_code") REFERENCES "public"."parameters"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_parameters" ADD CONSTRAINT "panel_parameters_parameter_code_parameters_code_fk" FOREIGN KEY ("parameter_code") REFERENCES "public"."parameters"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "report_documents" ADD CONSTRAINT "report_documents_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_spec_versions" ADD CONSTRAINT "report_spec_versions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_spec_versions" ADD CONSTRAINT "report_spec_versions_spec_version_id_spec_versions_id_fk" FOREIGN KEY ("spec_version_id") REFERENCES "public"."spec_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_analyses" ADD CONSTRAINT "sample_analyses_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_analyses" ADD CONSTRAINT "sample_analyses_returned_by_staff_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_results" ADD CONSTRAINT "sample_results_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_results" ADD CONSTRAINT "sample_results_parameter_code_parameters_code_fk" FOREIGN KEY ("parameter_code") REFERENCES "public"."parameters"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sample_results" ADD CONSTRAINT "sample_results_entered_by_staff_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_versions" ADD CONSTRAINT "spec_versions_market_code_markets_code_fk" FOREIGN KEY ("market_code") REFERENCES "public"."markets"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_versions" ADD CONSTRAINT "spec_versions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_spec_versions_spec_idx" ON "report_spec_versions" USING btree ("spec_version_id");--> statement-breakpoint
CREATE INDEX "sample_analyses_state_idx" ON "sample_analyses" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_results_round_parameter_key" ON "sample_results" USING btree ("sample_id","round","parameter_code");--> statement-breakpoint
CREATE UNIQUE INDEX "spec_versions_market_version_key" ON "spec_versions" USING btree ("market_code","version");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_analyst_id_staff_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_replaces_id_reports_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_replaced_by_id_reports_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_sample_valid_key" ON "reports" USING btree ("sample_id") WHERE "reports"."status" = 'valid';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_sample_round_key" ON "reports" USING btree ("sample_id","round");--> statement-breakpoint
-- The first staff account (the seeded one) is the lab's admin; every other keeps analyst and reviewer.
UPDATE "staff" SET "roles" = '{admin,analyst,reviewer}'::text[] WHERE "id" = (SELECT min("id") FROM "staff");
