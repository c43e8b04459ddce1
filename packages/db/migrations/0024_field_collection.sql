CREATE TABLE "collection_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"exif_lat" double precision,
	"exif_lng" double precision
);
--> statement-breakpoint
CREATE TABLE "custody_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custody_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_id" integer NOT NULL,
	"kind" text NOT NULL,
	"relinquished_by" text NOT NULL,
	"received_by" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"place" text,
	"seal_intact" boolean,
	"temperature_c" numeric(4, 1),
	"note" text,
	"actor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_declines" (
	"sample_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_declines_sample_id_agent_id_pk" PRIMARY KEY("sample_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "sample_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"clock_skew_ms" integer DEFAULT 0 NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"distance_m" double precision,
	"distance_from" text,
	"distance_reason" text,
	"seals" text[] NOT NULL,
	"containers" smallint NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"quantity_unit" text NOT NULL,
	"water_temp_c" numeric(4, 1),
	"sample_temp_c" numeric(4, 1),
	"cold_chain" text NOT NULL,
	"farmer_name" text NOT NULL,
	"note" text,
	CONSTRAINT "sample_collections_containers_check" CHECK ("sample_collections"."containers" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "sample_labels" (
	"code" text PRIMARY KEY NOT NULL,
	"sample_id" integer,
	"container" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone,
	CONSTRAINT "sample_labels_link_check" CHECK (("sample_labels"."sample_id" is null) = ("sample_labels"."container" is null))
);
--> statement-breakpoint
CREATE TABLE "sample_receptions" (
	"sample_id" integer PRIMARY KEY NOT NULL,
	"decision" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"seals" text[],
	"seals_match" boolean,
	"temperature_c" numeric(4, 1),
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "samples" DROP CONSTRAINT "samples_status_check";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "invitation_hash" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "agent_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_settings" ADD COLUMN "collection_radius_m" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_photos" ADD CONSTRAINT "collection_photos_collection_id_sample_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."sample_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_declines" ADD CONSTRAINT "job_declines_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_declines" ADD CONSTRAINT "job_declines_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_collections" ADD CONSTRAINT "sample_collections_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_collections" ADD CONSTRAINT "sample_collections_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_labels" ADD CONSTRAINT "sample_labels_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_receptions" ADD CONSTRAINT "sample_receptions_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_receptions" ADD CONSTRAINT "sample_receptions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_photos_position_idx" ON "collection_photos" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "custody_events_sample_idx" ON "custody_events" USING btree ("sample_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_collections_sample_idx" ON "sample_collections" USING btree ("sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_collections_key_idx" ON "sample_collections" USING btree ("agent_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_labels_container_idx" ON "sample_labels" USING btree ("sample_id","container") WHERE "sample_labels"."sample_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_signin_phone_idx" ON "agents" USING btree ("phone") WHERE "agents"."password_hash" is not null;--> statement-breakpoint
CREATE INDEX "agents_invitation_idx" ON "agents" USING btree ("invitation_hash") WHERE "agents"."invitation_hash" is not null;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_status_check" CHECK ("samples"."status" in ('PENDING', 'COLLECTING', 'COLLECTED', 'TESTING', 'COMPLETED', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "lab_settings" ADD CONSTRAINT "lab_settings_collection_radius_check" CHECK ("lab_settings"."collection_radius_m" between 10 and 50000);