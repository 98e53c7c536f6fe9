CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_bakiye_idx" ON "users" USING btree ("bakiye_cents");