CREATE TYPE "public"."watch_post_status" AS ENUM('ordered', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."watch_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "watch_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watch_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"watch_id" integer NOT NULL,
	"post_id" text NOT NULL,
	"post_url" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "watch_post_status" NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" "platform" NOT NULL,
	"account" text NOT NULL,
	"services" jsonb NOT NULL,
	"profile_ids" jsonb NOT NULL,
	"prompt" text,
	"delay_min_minutes" integer NOT NULL,
	"delay_max_minutes" integer NOT NULL,
	"spread_minutes" integer DEFAULT 0 NOT NULL,
	"max_posts_per_day" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"contains" text,
	"status" "watch_status" DEFAULT 'active' NOT NULL,
	"last_polled_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_delay" CHECK ("watches"."delay_min_minutes" >= 0 and "watches"."delay_max_minutes" >= "watches"."delay_min_minutes"),
	CONSTRAINT "watches_cap" CHECK ("watches"."max_posts_per_day" >= 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "watch_id" integer;--> statement-breakpoint
ALTER TABLE "watch_posts" ADD CONSTRAINT "watch_posts_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_posts_watch_post_uq" ON "watch_posts" USING btree ("watch_id","post_id");--> statement-breakpoint
CREATE INDEX "watch_posts_watch_idx" ON "watch_posts" USING btree ("watch_id","id");--> statement-breakpoint
CREATE INDEX "watches_user_idx" ON "watches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "watches_due_idx" ON "watches" USING btree ("next_poll_at") WHERE "watches"."status" = 'active';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE set null ON UPDATE no action;