CREATE TABLE "profile_actions" (
	"order_id" uuid NOT NULL,
	"batch_index" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_actions_order_id_batch_index_profile_id_pk" PRIMARY KEY("order_id","batch_index","profile_id")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "profile_hourly_cap" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_actions" ADD CONSTRAINT "profile_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_actions" ADD CONSTRAINT "profile_actions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_actions_profile_at_idx" ON "profile_actions" USING btree ("profile_id","at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_hourly_cap_range" CHECK ("site_settings"."profile_hourly_cap" >= 0);