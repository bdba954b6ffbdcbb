-- Rentals (CONTRACT §11): a video may be rented for `rent_price` (whole Ksh; null: not for rent) and
-- runs `rental_hours` from its first play. A rental expires 30 days after renting until its media is
-- first fetched; that fetch sets started_at and brings expires_at to started_at + rental_hours. The
-- rental's sale is a 'rental' ledger entry with its sale line (migration 0016) under `reference`.
ALTER TABLE "videos" ADD COLUMN "rent_price" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rental_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_rent_price_positive" CHECK ("rent_price" IS NULL OR "rent_price" > 0);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_rental_hours_positive" CHECK ("rental_hours" > 0);--> statement-breakpoint
CREATE TABLE "rentals" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "video_id" integer NOT NULL REFERENCES "videos"("id") ON DELETE restrict,
  "price_paid" integer NOT NULL,
  "hours" integer NOT NULL,
  "reference" text NOT NULL,
  "sale_line_id" integer REFERENCES "sale_lines"("id") ON DELETE restrict,
  "rented_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "rentals_price_paid_not_negative" CHECK ("price_paid" >= 0),
  CONSTRAINT "rentals_hours_positive" CHECK ("hours" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "rentals_reference_unique" ON "rentals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "rentals_user_video_idx" ON "rentals" USING btree ("user_id", "video_id", "expires_at");--> statement-breakpoint
CREATE INDEX "rentals_rented_idx" ON "rentals" USING btree ("rented_at");--> statement-breakpoint
-- A rental cut short (staff, or a refund) must end its media access at once, as a refund does
-- (decision 0020): the cached "yes" of other processes is dropped on this notice. Its natural end
-- needs none: a cached "yes" for a rental never outlives its expires_at (modules/media/access.ts).
CREATE TRIGGER "rentals_media_access" AFTER UPDATE OF expires_at, user_id, video_id OR DELETE ON "rentals" FOR EACH STATEMENT EXECUTE FUNCTION media_access_changed();--> statement-breakpoint
-- Selling through M-Pesa (decision 0039): a payment can carry any order, not only video ids, as
-- {kind, reference, video_ids, promo_code, ...}; the transaction that credits it hands the order to
-- the seller registered for its kind. purchase_video_ids stays for the orders made before.
ALTER TABLE "deposits" ADD COLUMN "purchase_order" jsonb;--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_purchase_pair_check";--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_purchase_pair_check" CHECK ((purchase_video_ids IS NULL AND purchase_order IS NULL) = (purchase_state IS NULL));
