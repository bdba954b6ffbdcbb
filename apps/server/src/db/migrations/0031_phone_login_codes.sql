-- Signing in by phone (CONTRACT §16, issue 32 items 1 and 12).
-- Whether the account has a password its owner chose: an account made at checkout (or by an M-Pesa
-- payment) has a random one nobody knows, and confirms with a one-time SMS code instead.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "has_password" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Accounts made by the checkout's sign-up whose owner never chose a password: their welcome link (a
-- week long, made with the account) is unused and no other reset was used.
UPDATE "users" u SET "has_password" = false
WHERE EXISTS (SELECT 1 FROM "password_resets" r WHERE r."user_id" = u."id" AND r."expires_at" - r."created_at" > interval '1 day' AND r."created_at" < u."date_joined" + interval '1 minute')
  AND NOT EXISTS (SELECT 1 FROM "password_resets" r WHERE r."user_id" = u."id" AND r."used_at" IS NOT NULL);--> statement-breakpoint
-- The phone number the owner proved is theirs (an M-Pesa payment from it): the profile's phone is
-- verified while it equals this. One account per proven number.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "verified_phone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- Numbers that already paid: the latest account to pay from each, when that is still its phone.
UPDATE "profiles" p SET "verified_phone" = d."phone", "phone_verified_at" = d."paid_at"
FROM (
  SELECT DISTINCT ON ("phone") "phone", "user_id", coalesce("settled_at", "created_at") AS "paid_at"
  FROM "deposits" WHERE "state" = 'completed' ORDER BY "phone", coalesce("settled_at", "created_at") DESC
) d
WHERE p."user_id" = d."user_id" AND p."phone_number" = d."phone" AND p."verified_phone" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "profiles_verified_phone_unique" ON "profiles" ("verified_phone") WHERE "verified_phone" IS NOT NULL;--> statement-breakpoint
-- One-time SMS codes: to sign in (`login`), or to confirm in place of a password (`confirm`).
-- Only an HMAC of the code is kept; `attempts` counts wrong tries, the fifth voids the code.
CREATE TABLE "phone_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "purpose" text NOT NULL,
  "code_hash" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "voided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "phone_codes_purpose_known" CHECK ("purpose" IN ('login', 'confirm'))
);--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" ("phone", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" ("user_id", "created_at" DESC);
