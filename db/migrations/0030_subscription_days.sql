CREATE TABLE "subscription_days" (
	"tz" text NOT NULL,
	"day" date NOT NULL,
	"in_force" integer NOT NULL,
	CONSTRAINT "subscription_days_pk" PRIMARY KEY("tz","day")
);
--> statement-breakpoint
-- Issue #35: a subscription change reaching back more than two days forgets the kept counts from
-- the day before it on (lib/domain/analytics/subscription-days.ts): an insert or delete from its
-- start, an update from the earlier of the moments it moves (its start, or its end: the earlier of
-- its end and its cancellation). Selling, cancelling or extending now moves nothing that old. The
-- advisory lock orders the forgetting after a count being kept at the same time.
CREATE OR REPLACE FUNCTION subscription_days_forget() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    since := NEW.starts_at;
  ELSIF TG_OP = 'DELETE' THEN
    since := OLD.starts_at;
  ELSE
    since := least(CASE WHEN OLD.starts_at IS DISTINCT FROM NEW.starts_at THEN least(OLD.starts_at, NEW.starts_at) END,
                   CASE WHEN greatest(OLD.starts_at, least(OLD.ends_at, coalesce(OLD.cancelled_at, OLD.ends_at))) IS DISTINCT FROM greatest(NEW.starts_at, least(NEW.ends_at, coalesce(NEW.cancelled_at, NEW.ends_at)))
                        THEN least(greatest(OLD.starts_at, least(OLD.ends_at, coalesce(OLD.cancelled_at, OLD.ends_at))), greatest(NEW.starts_at, least(NEW.ends_at, coalesce(NEW.cancelled_at, NEW.ends_at)))) END);
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('subscription_days'));
  DELETE FROM subscription_days WHERE day >= since::date - 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_days_forget_insert AFTER INSERT ON user_packages FOR EACH ROW
  WHEN (NEW.starts_at < now() - interval '2 days') EXECUTE FUNCTION subscription_days_forget();
--> statement-breakpoint
CREATE TRIGGER subscription_days_forget_update AFTER UPDATE ON user_packages FOR EACH ROW
  WHEN (least(CASE WHEN OLD.starts_at IS DISTINCT FROM NEW.starts_at THEN least(OLD.starts_at, NEW.starts_at) END,
                   CASE WHEN greatest(OLD.starts_at, least(OLD.ends_at, coalesce(OLD.cancelled_at, OLD.ends_at))) IS DISTINCT FROM greatest(NEW.starts_at, least(NEW.ends_at, coalesce(NEW.cancelled_at, NEW.ends_at)))
                        THEN least(greatest(OLD.starts_at, least(OLD.ends_at, coalesce(OLD.cancelled_at, OLD.ends_at))), greatest(NEW.starts_at, least(NEW.ends_at, coalesce(NEW.cancelled_at, NEW.ends_at)))) END) < now() - interval '2 days')
  EXECUTE FUNCTION subscription_days_forget();
--> statement-breakpoint
CREATE TRIGGER subscription_days_forget_delete AFTER DELETE ON user_packages FOR EACH ROW
  WHEN (OLD.starts_at < now() - interval '2 days') EXECUTE FUNCTION subscription_days_forget();
