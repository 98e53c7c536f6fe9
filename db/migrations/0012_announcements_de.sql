ALTER TABLE "announcements" ADD COLUMN "baslik_de" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "icerik_de" text DEFAULT '' NOT NULL;