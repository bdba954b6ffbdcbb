-- What each sale brought in, one line per video (third round, CONTRACT §11 and §12): every way of
-- selling (a purchase, a rental, a bundle, a gift) writes its lines in the transaction that debits
-- the buyer, under the ledger entry's (kind, reference); a refund writes a negative line pointing at
-- the line it returns. Receipts (eTIMS) are built from a reference's lines and DJ earnings from the
-- lines of the DJ's videos, so neither needs to know how a sale was priced. The title and DJ are kept
-- as they were at the sale.
CREATE TABLE "sale_lines" (
  "id" serial PRIMARY KEY,
  "ledger_kind" text NOT NULL,
  "reference" text NOT NULL,
  "kind" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "video_id" integer NOT NULL REFERENCES "videos"("id") ON DELETE restrict,
  "dj_id" integer REFERENCES "djs"("id") ON DELETE set null,
  "title" text NOT NULL,
  "list_price" integer NOT NULL,
  "amount" integer NOT NULL,
  "refunds_line_id" integer REFERENCES "sale_lines"("id") ON DELETE restrict,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sale_lines_kind_known" CHECK ("kind" IN ('purchase', 'rental', 'bundle', 'gift', 'refund')),
  CONSTRAINT "sale_lines_refund_points_back" CHECK (("kind" = 'refund') = ("refunds_line_id" IS NOT NULL)),
  CONSTRAINT "sale_lines_amount_sign" CHECK (("kind" = 'refund' AND "amount" <= 0) OR ("kind" <> 'refund' AND "amount" >= 0)),
  CONSTRAINT "sale_lines_list_price_not_negative" CHECK ("list_price" >= 0)
);--> statement-breakpoint
CREATE INDEX "sale_lines_reference_idx" ON "sale_lines" USING btree ("ledger_kind", "reference");--> statement-breakpoint
CREATE INDEX "sale_lines_dj_idx" ON "sale_lines" USING btree ("dj_id", "created_at");--> statement-breakpoint
CREATE INDEX "sale_lines_created_idx" ON "sale_lines" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_lines_one_refund" ON "sale_lines" USING btree ("refunds_line_id") WHERE "refunds_line_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "sale_line_id" integer REFERENCES "sale_lines"("id") ON DELETE restrict;--> statement-breakpoint
-- Purchases made before this migration: a line each, under a reference of their own (their ledger
-- entry may name several videos), so statements count them; refunded ones with their refund line.
WITH old AS (
  INSERT INTO "sale_lines" ("ledger_kind", "reference", "kind", "user_id", "video_id", "dj_id", "title", "list_price", "amount", "created_at")
  SELECT 'purchase', 'before-sale-lines-' || p.id, 'purchase', p.user_id, p.video_id, v.dj_id, v.title || coalesce(' (' || v.season || ')', ''), p.price, p.price, p.created_at
    FROM "purchases" p JOIN "videos" v ON v.id = p.video_id
  RETURNING "id", "reference"
)
UPDATE "purchases" p SET "sale_line_id" = old.id FROM old WHERE old.reference = 'before-sale-lines-' || p.id;--> statement-breakpoint
INSERT INTO "sale_lines" ("ledger_kind", "reference", "kind", "user_id", "video_id", "dj_id", "title", "list_price", "amount", "refunds_line_id", "created_at")
  SELECT 'refund', 'refund-' || p.id, 'refund', l.user_id, l.video_id, l.dj_id, l.title, l.list_price, -p.price, l.id, p.refunded_at
    FROM "purchases" p JOIN "sale_lines" l ON l.id = p.sale_line_id WHERE p.refunded_at IS NOT NULL;
--> statement-breakpoint
-- buy_videos as in 0008, now also writing a sale line per video (at its list price: a plain purchase
-- has no discount) and linking each purchase to its line.
CREATE OR REPLACE FUNCTION buy_videos(p_user integer, p_ids integer[], p_key text, p_hash text, p_reference text)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_balance integer;
  v_seen jsonb;
  v_found jsonb;
  v_total integer;
  v_count integer;
  v_owned integer[];
  v_bought jsonb;
  v_result jsonb;
BEGIN
  SELECT account INTO v_balance FROM profiles WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no_profile');
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT jsonb_build_object('requestHash', request_hash, 'status', status, 'body', body) INTO v_seen
      FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
    IF v_seen IS NOT NULL THEN
      RETURN jsonb_build_object('outcome', 'seen', 'seen', v_seen);
    END IF;
  END IF;

  SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'price', price, 'title', title, 'posterKey', poster_key)), '[]'::jsonb),
         coalesce(sum(price), 0)::integer, count(*)::integer
    INTO v_found, v_total, v_count
    FROM videos WHERE id = ANY(p_ids) AND published AND video_path IS NOT NULL;
  IF v_count <> cardinality(p_ids) THEN
    RETURN jsonb_build_object('outcome', 'missing', 'found', v_found);
  END IF;

  SELECT coalesce(array_agg(video_id), '{}') INTO v_owned
    FROM purchases WHERE user_id = p_user AND video_id = ANY(p_ids) AND refunded_at IS NULL;
  IF cardinality(v_owned) > 0 THEN
    RETURN jsonb_build_object('outcome', 'owned', 'owned', to_jsonb(v_owned));
  END IF;

  IF v_balance < v_total THEN
    RETURN jsonb_build_object('outcome', 'short', 'balance', v_balance, 'total', v_total);
  END IF;

  UPDATE profiles SET account = account - v_total WHERE user_id = p_user RETURNING account INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
    VALUES (p_user, 'purchase', -v_total, v_balance, p_reference, (SELECT string_agg(title || coalesce(' (' || season || ')', ''), ', ' ORDER BY id) FROM videos WHERE id = ANY(p_ids)));
  WITH lines AS (
    INSERT INTO sale_lines (ledger_kind, reference, kind, user_id, video_id, dj_id, title, list_price, amount)
      SELECT 'purchase', p_reference, 'purchase', p_user, v.id, v.dj_id, v.title || coalesce(' (' || v.season || ')', ''), v.price, v.price
        FROM videos v WHERE v.id = ANY(p_ids) ORDER BY v.id
      RETURNING id, video_id, amount),
  bought AS (
    INSERT INTO purchases (user_id, video_id, price, sale_line_id)
      SELECT p_user, l.video_id, l.amount, l.id FROM lines l
      RETURNING video_id, created_at)
  SELECT jsonb_agg(jsonb_build_object('videoId', video_id, 'createdAt', created_at)) INTO v_bought FROM bought;
  DELETE FROM cart_items WHERE user_id = p_user AND video_id = ANY(p_ids);
  UPDATE videos SET purchase_times = purchase_times + 1 WHERE id = ANY(p_ids);

  v_result := jsonb_build_object('outcome', 'bought', 'balance', v_balance, 'total', v_total, 'found', v_found, 'bought', v_bought);
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status, body) VALUES (p_user, p_key, p_hash, 201, v_result);
  END IF;
  RETURN v_result;
END;
$$;
