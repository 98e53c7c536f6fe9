CREATE TABLE "comment_drafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" "platform" NOT NULL,
	"service" text NOT NULL,
	"target_url" text NOT NULL,
	"profile_id" integer NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" "platform" NOT NULL,
	"name" text NOT NULL,
	"profile_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bulk_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "niches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_created_at" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "audience_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "blocked_words" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "comment_draft_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_drafts" ADD CONSTRAINT "comment_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_drafts" ADD CONSTRAINT "comment_drafts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_drafts_user_target_profile_uq" ON "comment_drafts" USING btree ("user_id","target_url","profile_id");--> statement-breakpoint
CREATE INDEX "comment_drafts_expires_idx" ON "comment_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crews_user_platform_name_uq" ON "crews" USING btree ("user_id","platform","name");--> statement-breakpoint
CREATE INDEX "crews_user_idx" ON "crews" USING btree ("user_id","platform");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_bulk_idx" ON "orders" USING btree ("bulk_id") WHERE "orders"."bulk_id" is not null;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_draft_minutes_range" CHECK ("site_settings"."comment_draft_minutes" >= 1 and "site_settings"."comment_draft_minutes" <= 1440);