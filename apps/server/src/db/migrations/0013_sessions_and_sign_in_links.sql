-- Refresh tokens (decision 0032): the token that replaced this one, so a renewal whose answer was
-- lost can be answered again, with the same pair, for a short grace period.
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" ("revoked_at") WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
-- A login ended (logout, a reused refresh token, a password reset) ends its access tokens at once:
-- every process keeps the recently ended families in memory and hears of new ones here. Row-level,
-- but PostgreSQL folds the same payload within a transaction: one notification per family.
CREATE FUNCTION session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', NEW.family);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_session_ended" AFTER UPDATE OF revoked_at ON "refresh_tokens" FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION session_ended();
--> statement-breakpoint
-- Sign-in links mailed from the checkout's sign-up (issue 24 item 13): one use, one hour, only a hash kept.
CREATE TABLE "sign_in_links" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "token_hash" text NOT NULL,
  "next" text,
  "video_ids" integer[] DEFAULT '{}' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_token_unique" ON "sign_in_links" ("token_hash");
