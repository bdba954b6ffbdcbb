-- Checkout with M-Pesa (CONTRACT §8): a deposit can carry the videos it pays for. When M-Pesa
-- confirms, the transaction that credits the deposit also calls buy_videos for them, and records how
-- that went here: pending until the money is in, then completed, or failed with the reason (the money
-- then stays on the balance).
ALTER TABLE deposits ADD COLUMN purchase_video_ids integer[];--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN purchase_state text;--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN purchase_detail text;--> statement-breakpoint
ALTER TABLE deposits ADD CONSTRAINT deposits_purchase_state_check CHECK (purchase_state IN ('pending', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE deposits ADD CONSTRAINT deposits_purchase_pair_check CHECK ((purchase_video_ids IS NULL) = (purchase_state IS NULL));
--> statement-breakpoint
-- buy_videos as in 0007, with two changes: a video with no playable file is not for sale (it answers
-- 'missing', as for an unpublished one), and the ledger note names the videos bought.
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
  WITH bought AS (
    INSERT INTO purchases (user_id, video_id, price)
      SELECT p_user, v.id, v.price FROM videos v WHERE v.id = ANY(p_ids)
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
