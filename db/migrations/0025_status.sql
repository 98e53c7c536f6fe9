CREATE TYPE "public"."status_incident_kind" AS ENUM('provider_down', 'stuck_orders', 'integrity');--> statement-breakpoint
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
CREATE UNIQUE INDEX "status_incidents_open_uq" ON "status_incidents" USING btree ("key") WHERE "status_incidents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "status_incidents_started_idx" ON "status_incidents" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "status_probes_platform_at_uq" ON "status_probes" USING btree ("platform","at");--> statement-breakpoint
CREATE INDEX "status_probes_at_idx" ON "status_probes" USING btree ("at");