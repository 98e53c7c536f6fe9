ALTER TABLE "orders" ADD COLUMN "profile_prices_cents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "usage_day" date;