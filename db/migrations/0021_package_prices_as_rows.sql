CREATE TABLE "package_prices" (
	"package_id" integer NOT NULL,
	"platform" "platform" NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "package_prices_pk" PRIMARY KEY("package_id","platform"),
	CONSTRAINT "package_prices_price_range" CHECK ("package_prices"."price_cents" >= 0 and "package_prices"."price_cents" <= 100000000)
);
--> statement-breakpoint
ALTER TABLE "package_prices" ADD CONSTRAINT "package_prices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue #34 item 2: every package's three prices (deleted packages' too) become three rows, and only then do the columns go.
INSERT INTO "package_prices" ("package_id", "platform", "price_cents") SELECT p."id", v."platform", v."price_cents" FROM "packages" AS p CROSS JOIN LATERAL (VALUES ('twitter'::"platform", p."price_twitter_cents"), ('instagram'::"platform", p."price_instagram_cents"), ('youtube'::"platform", p."price_youtube_cents")) AS v("platform", "price_cents");--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_prices_non_negative";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "price_instagram_cents";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "price_twitter_cents";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "price_youtube_cents";
