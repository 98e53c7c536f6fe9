ALTER TABLE "watches" ADD COLUMN "number" bigint DEFAULT nextval('orders_number_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "posts_total" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "per_post_min" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "per_post_max" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "watch_posts_ordered_found_idx" ON "watch_posts" USING btree ("found_at") WHERE "watch_posts"."status" = 'ordered';--> statement-breakpoint
CREATE UNIQUE INDEX "watches_number_uq" ON "watches" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_request_uq" ON "watches" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "watches_status_idx" ON "watches" USING btree ("status","id");