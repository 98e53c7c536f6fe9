CREATE TYPE "public"."status_incident_kind" AS ENUM('provider_down', 'stuck_orders', 'integrity');--> statement-breakpoint
CREATE TYPE "public"."verification_state" AS ENUM('due', 'kept', 'undone', 'unknown');--> statement-breakpoint
CREATE TABLE "status_incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "status_incident_kind" NOT NULL,
	"key" text NOT NULL,
	"platform" "platform",
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"note_tr" text,
	"note_en" text,
	"note_de" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_probes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_probes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" "platform" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"up" boolean NOT NULL,
	"latency_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "verification_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"profile_id" integer NOT NULL,
	"after_minutes" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" "verification_state" DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "verify_after_minutes" jsonb DEFAULT '[1440,10080,43200]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_incidents_open_uq" ON "status_incidents" USING btree ("key") WHERE "status_incidents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "status_incidents_started_idx" ON "status_incidents" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "status_probes_platform_at_uq" ON "status_probes" USING btree ("platform","at");--> statement-breakpoint
CREATE INDEX "status_probes_at_idx" ON "status_probes" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_checks_uq" ON "verification_checks" USING btree ("order_id","profile_id","after_minutes");--> statement-breakpoint
CREATE INDEX "verification_checks_due_idx" ON "verification_checks" USING btree ("due_at") WHERE "verification_checks"."state" = 'due';--> statement-breakpoint
CREATE INDEX "verification_checks_checked_idx" ON "verification_checks" USING btree ("checked_at","after_minutes","state");