ALTER TABLE "site_settings" ADD COLUMN "watch_poll_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "best_n" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "unnoticed_posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watches_notice_idx" ON "watches" USING btree ("noticed_at") WHERE "watches"."unnoticed_posts" > 0;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_watch_poll_range" CHECK ("site_settings"."watch_poll_seconds" >= 5 and "site_settings"."watch_poll_seconds" <= 86400);--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_best_n" CHECK ("watches"."best_n" is null or "watches"."best_n" >= 1);