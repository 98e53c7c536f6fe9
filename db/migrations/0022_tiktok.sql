-- Issue #34: TikTok, the fourth platform of the registry (platforms/tiktok). Its platforms row and
-- simulated endpoints come from the start-up seed; packages are sold on it once an admin prices them.
ALTER TYPE "public"."platform" ADD VALUE 'tiktok';