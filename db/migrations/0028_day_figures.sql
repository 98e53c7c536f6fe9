CREATE TABLE "order_day_figures" (
	"tz" text NOT NULL,
	"day" date NOT NULL,
	"platform" "platform" NOT NULL,
	"service" text NOT NULL,
	"total" integer NOT NULL,
	"completed" integer NOT NULL,
	"partial" integer NOT NULL,
	"failed" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"waiting" integer NOT NULL,
	"acted_success" bigint NOT NULL,
	"acted_profiles" bigint NOT NULL,
	CONSTRAINT "order_day_figures_pk" PRIMARY KEY("tz","day","platform","service")
);
--> statement-breakpoint
CREATE TABLE "order_days" (
	"tz" text NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_days_pk" PRIMARY KEY("tz","day")
);
--> statement-breakpoint
CREATE INDEX "payments_credited_idx" ON "payments" USING btree ("credited_at") WHERE "payments"."credited_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_activity_idx" ON "tickets" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_packages_starts_idx" ON "user_packages" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "user_packages_effective_end_idx" ON "user_packages" USING btree (greatest("starts_at", least("ends_at", coalesce("cancelled_at", "ends_at"))));--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at") WHERE "users"."rol" = 'user';
--> statement-breakpoint
-- Issue #35: a change to an order older than two days forgets the counted days around its date
-- (±1 day covers any time zone), so the analytics count them again (lib/domain/analytics/day-figures.ts).
-- The advisory lock orders the forgetting after a count that is being stored at the same time.
CREATE OR REPLACE FUNCTION order_days_forget() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed timestamptz[];
  t_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY[NEW.created_at];
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY[OLD.created_at];
  ELSE
    changed := ARRAY[OLD.created_at, NEW.created_at];
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('order_days'));
  FOREACH t_at IN ARRAY changed LOOP
    DELETE FROM order_day_figures WHERE day BETWEEN (t_at::date - 1) AND (t_at::date + 1);
    DELETE FROM order_days WHERE day BETWEEN (t_at::date - 1) AND (t_at::date + 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_days_forget_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '2 days') EXECUTE FUNCTION order_days_forget();
--> statement-breakpoint
CREATE TRIGGER order_days_forget_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (least(OLD.created_at, NEW.created_at) < now() - interval '2 days'
        AND (OLD.status, OLD.success_count, OLD.profile_count, OLD.platform, OLD.service, OLD.created_at)
            IS DISTINCT FROM (NEW.status, NEW.success_count, NEW.profile_count, NEW.platform, NEW.service, NEW.created_at))
  EXECUTE FUNCTION order_days_forget();
--> statement-breakpoint
CREATE TRIGGER order_days_forget_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '2 days') EXECUTE FUNCTION order_days_forget();
