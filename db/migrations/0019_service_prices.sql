CREATE TABLE "service_prices" (
	"service" text PRIMARY KEY NOT NULL,
	"platform" "platform" NOT NULL,
	"price_cents" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"max_profiles" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_price_range" CHECK ("service_prices"."price_cents" >= 1 and "service_prices"."price_cents" <= 100000),
	CONSTRAINT "service_prices_max_profiles_range" CHECK ("service_prices"."max_profiles" >= 1 and "service_prices"."max_profiles" <= 500)
);
