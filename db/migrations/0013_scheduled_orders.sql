ALTER TYPE "public"."order_status" ADD VALUE 'scheduled' BEFORE 'processing';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spread_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "batches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "batches_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_batch_at" timestamp with time zone;