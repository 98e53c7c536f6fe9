CREATE TABLE "login_unlock_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_unlock_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "token_kind" NOT NULL,
	"session_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_unlock_tokens" ADD CONSTRAINT "login_unlock_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_unlock_tokens_token_hash_uq" ON "login_unlock_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_unlock_tokens_user_idx" ON "login_unlock_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_unlock_tokens_expires_idx" ON "login_unlock_tokens" USING btree ("expires_at");