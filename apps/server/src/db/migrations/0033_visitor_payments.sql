-- Buying with only a phone (CONTRACT §16): a visitor's payment has no account until M-Pesa says which
-- phone paid; the crediting transaction then names it (the verified phone's account, or a new one).
ALTER TABLE "deposits" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Only the SHA-256 of the asking browser's cookie: the login is handed there, and only once.
ALTER TABLE "deposits" ADD COLUMN IF NOT EXISTS "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN IF NOT EXISTS "login_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_owner_or_visitor" CHECK ("user_id" IS NOT NULL OR "visitor_hash" IS NOT NULL);
