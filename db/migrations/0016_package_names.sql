ALTER TABLE "packages" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "name_de" text;