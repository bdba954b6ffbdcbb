-- Promo codes (third round, CONTRACT §11; decision 0040), after Stripe's coupons and promotion codes:
-- a code says what it takes off, when, on what and how often; `times_redeemed` is counted by the same
-- conditional UPDATE that checks `max_redemptions`, so the limit holds under any concurrency (the
-- check constraint is the last word). A redemption is held while its M-Pesa payment is open, used
-- once paid, released when the payment fails or is cancelled (which gives the count back).
CREATE TABLE "promo_batches" (
  "id" serial PRIMARY KEY,
  "prefix" text NOT NULL,
  "count" integer NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promo_batches_prefix_letters" CHECK ("prefix" ~ '^[A-Z0-9]{2,12}$'),
  CONSTRAINT "promo_batches_count_range" CHECK ("count" BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE TABLE "promo_codes" (
  "id" serial PRIMARY KEY,
  "code" text NOT NULL,
  "percent_off" integer,
  "amount_off" integer,
  "valid_from" timestamp with time zone,
  "valid_until" timestamp with time zone,
  "max_redemptions" integer,
  "times_redeemed" integer NOT NULL DEFAULT 0,
  "per_customer" integer NOT NULL DEFAULT 1,
  "min_total" integer NOT NULL DEFAULT 0,
  "applies_video_ids" integer[] NOT NULL DEFAULT '{}',
  "applies_dj_ids" integer[] NOT NULL DEFAULT '{}',
  "applies_genre_ids" integer[] NOT NULL DEFAULT '{}',
  "applies_bundle_ids" integer[] NOT NULL DEFAULT '{}',
  "kinds" text[] NOT NULL DEFAULT '{purchase,rental,bundle,gift}',
  "first_purchase_only" boolean NOT NULL DEFAULT false,
  "active" boolean NOT NULL DEFAULT true,
  "note" text NOT NULL DEFAULT '',
  "batch_id" integer REFERENCES "promo_batches"("id") ON DELETE restrict,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Kept in capitals: "karibu20" and "KARIBU20" are one code.
  CONSTRAINT "promo_codes_code_letters" CHECK ("code" ~ '^[A-Z0-9]{4,32}$'),
  CONSTRAINT "promo_codes_one_discount" CHECK (("percent_off" IS NULL) <> ("amount_off" IS NULL)),
  CONSTRAINT "promo_codes_percent_range" CHECK ("percent_off" IS NULL OR "percent_off" BETWEEN 1 AND 100),
  CONSTRAINT "promo_codes_amount_positive" CHECK ("amount_off" IS NULL OR "amount_off" >= 1),
  CONSTRAINT "promo_codes_dates_in_order" CHECK ("valid_from" IS NULL OR "valid_until" IS NULL OR "valid_until" > "valid_from"),
  CONSTRAINT "promo_codes_max_positive" CHECK ("max_redemptions" IS NULL OR "max_redemptions" >= 1),
  CONSTRAINT "promo_codes_within_max" CHECK ("times_redeemed" >= 0 AND ("max_redemptions" IS NULL OR "times_redeemed" <= "max_redemptions")),
  CONSTRAINT "promo_codes_per_customer_positive" CHECK ("per_customer" >= 1),
  CONSTRAINT "promo_codes_min_total_not_negative" CHECK ("min_total" >= 0),
  CONSTRAINT "promo_codes_kinds_known" CHECK (cardinality("kinds") >= 1 AND "kinds" <@ ARRAY['purchase', 'rental', 'bundle', 'gift']::text[])
);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
  "id" serial PRIMARY KEY,
  "promo_code_id" integer NOT NULL REFERENCES "promo_codes"("id") ON DELETE restrict,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "kind" text NOT NULL,
  "order_reference" text NOT NULL,
  "discount" integer NOT NULL,
  "state" text NOT NULL DEFAULT 'held',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "promo_redemptions_kind_known" CHECK ("kind" IN ('purchase', 'rental', 'bundle', 'gift')),
  CONSTRAINT "promo_redemptions_state_known" CHECK ("state" IN ('held', 'used', 'released')),
  CONSTRAINT "promo_redemptions_discount_not_negative" CHECK ("discount" >= 0)
);--> statement-breakpoint
-- One live redemption per order: a retried sale finds its own instead of counting twice.
CREATE UNIQUE INDEX "promo_redemptions_one_per_order" ON "promo_redemptions" USING btree ("order_reference") WHERE "state" <> 'released';--> statement-breakpoint
CREATE INDEX "promo_redemptions_customer_idx" ON "promo_redemptions" USING btree ("promo_code_id", "user_id") WHERE "state" <> 'released';--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_id", "created_at");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("user_id");
