CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Issue #33: orders placed before numbers existed get them in the order they were placed.
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" AS o SET "number" = n.rn FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "orders") AS n WHERE o."id" = n."id";--> statement-breakpoint
SELECT setval('orders_number_seq', coalesce((SELECT max("number") FROM "orders"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");
