-- Passes (CONTRACT §14): a day, a week or a month of watching, sold by the selling core like every
-- other sale. A pass sale is one sale line with no video (kind 'pass'); its price less VAT is shared
-- among DJs by the seconds the store served under it, once it ends (pass_dj_shares).
CREATE TABLE "pass_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_value" text,
	"hours" integer NOT NULL,
	"price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_products_scope_known" CHECK ("scope_kind" IN ('all', 'dj', 'genre', 'category')),
	CONSTRAINT "pass_products_scope_value" CHECK (("scope_kind" = 'all') = ("scope_value" IS NULL)),
	CONSTRAINT "pass_products_hours_positive" CHECK ("hours" > 0),
	CONSTRAINT "pass_products_price_positive" CHECK ("price" > 0)
);--> statement-breakpoint
CREATE TABLE "customer_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"pass_id" integer NOT NULL REFERENCES "pass_products"("id") ON DELETE restrict,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"renewal" text DEFAULT 'off' NOT NULL,
	"standing_order_id" integer,
	"reminded_for" timestamp with time zone,
	"prompted_for" timestamp with time zone,
	"ended_noticed_for" timestamp with time zone,
	CONSTRAINT "customer_passes_renewal_known" CHECK ("renewal" IN ('off', 'prompt', 'standing_order')),
	CONSTRAINT "customer_passes_window" CHECK ("ends_at" > "starts_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_passes_one_per_product" ON "customer_passes" USING btree ("user_id", "pass_id");--> statement-breakpoint
CREATE INDEX "customer_passes_user_live_idx" ON "customer_passes" USING btree ("user_id", "ends_at");--> statement-breakpoint
CREATE INDEX "customer_passes_renewal_due_idx" ON "customer_passes" USING btree ("ends_at") WHERE "renewal" <> 'off';--> statement-breakpoint
CREATE TABLE "pass_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_pass_id" integer NOT NULL REFERENCES "customer_passes"("id") ON DELETE restrict,
	"reference" text NOT NULL,
	"sale_line_id" integer NOT NULL REFERENCES "sale_lines"("id") ON DELETE restrict,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "pass_periods_reference_unique" ON "pass_periods" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "pass_periods_pass_idx" ON "pass_periods" USING btree ("customer_pass_id", "ends_at");--> statement-breakpoint
CREATE INDEX "pass_periods_unsettled_idx" ON "pass_periods" USING btree ("ends_at") WHERE "settled_at" IS NULL;--> statement-breakpoint
CREATE TABLE "pass_views" (
	"period_id" integer NOT NULL REFERENCES "pass_periods"("id") ON DELETE cascade,
	"video_id" integer NOT NULL REFERENCES "videos"("id") ON DELETE cascade,
	"segment" integer NOT NULL,
	"seconds" integer NOT NULL,
	PRIMARY KEY ("period_id", "video_id", "segment")
);--> statement-breakpoint
CREATE TABLE "pass_dj_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL REFERENCES "pass_periods"("id") ON DELETE restrict,
	"dj_id" integer NOT NULL REFERENCES "djs"("id") ON DELETE restrict,
	"title" text NOT NULL,
	"seconds" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"dj_share_percent" integer NOT NULL,
	"earned_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "pass_dj_shares_once" ON "pass_dj_shares" USING btree ("period_id", "dj_id");--> statement-breakpoint
CREATE INDEX "pass_dj_shares_dj_idx" ON "pass_dj_shares" USING btree ("dj_id", "created_at");--> statement-breakpoint
ALTER TABLE "sale_lines" ALTER COLUMN "video_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_kind_known";--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_kind_known" CHECK ("kind" IN ('purchase', 'rental', 'bundle', 'gift', 'refund', 'pass'));--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_video_unless_pass" CHECK (("video_id" IS NULL) = ("kind" = 'pass'));--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_kinds_known";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_kinds_known" CHECK (cardinality("kinds") >= 1 AND "kinds" <@ ARRAY['purchase', 'rental', 'bundle', 'gift', 'pass']::text[]);--> statement-breakpoint
ALTER TABLE "promo_redemptions" DROP CONSTRAINT "promo_redemptions_kind_known";--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_kind_known" CHECK ("kind" IN ('purchase', 'rental', 'bundle', 'gift', 'pass'));
