CREATE TYPE "public"."make_good_state" AS ENUM('open', 'redoing', 'redone', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."ledger_reason" ADD VALUE 'verify_refund';--> statement-breakpoint
CREATE TABLE "make_goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "make_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"profile_id" integer NOT NULL,
	"check_id" bigint NOT NULL,
	"after_minutes" integer NOT NULL,
	"state" "make_good_state" DEFAULT 'open' NOT NULL,
	"by_profile_id" integer,
	"tried_profile_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_task_id" text,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"usage_returned" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"undone_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "make_goods_refund_range" CHECK ("make_goods"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN "make_good_id" bigint;--> statement-breakpoint
ALTER TABLE "make_goods" ADD CONSTRAINT "make_goods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "make_goods_uq" ON "make_goods" USING btree ("order_id","profile_id");--> statement-breakpoint
CREATE INDEX "make_goods_due_idx" ON "make_goods" USING btree ("due_at") WHERE "make_goods"."state" in ('open', 'redoing');--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_make_good_uq" ON "balance_ledger" USING btree ("make_good_id");--> statement-breakpoint
CREATE INDEX "verification_checks_profile_idx" ON "verification_checks" USING btree ("profile_id","after_minutes","state") WHERE "verification_checks"."state" in ('kept', 'undone');