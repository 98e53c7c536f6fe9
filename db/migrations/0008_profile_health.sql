ALTER TABLE "profiles" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "quarantine_after_failures" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "stuck_after_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "stuck_max_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_quarantine_range" CHECK ("site_settings"."quarantine_after_failures" >= 1);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_stuck_range" CHECK ("site_settings"."stuck_after_minutes" >= 1 and "site_settings"."stuck_max_minutes" >= "site_settings"."stuck_after_minutes");