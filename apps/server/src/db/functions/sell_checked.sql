-- sell_checked(): its live definition, last written by migration 0026_quick_sales.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- p_sale: {ledgerKind, saleKind, reference, note, lines: [{videoId, listPrice, amount, promoCode?}], discount,
-- rentalStartDays}; p_facts: what sale_facts answered when the sale was priced.
CREATE OR REPLACE FUNCTION sell_checked(p_user integer, p_ids integer[], p_code text, p_credit_days integer, p_facts jsonb, p_sale jsonb)
RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_balance integer;
  v_total integer;
  v_code record;
  v_shared boolean := false;
  v_ref text := p_sale->>'reference';
  v_kind text := p_sale->>'saleKind';
  v_lines jsonb;
  v_bought jsonb;
  v_rental jsonb;
BEGIN
  -- The lock order of every sale: the profile first, then the code.
  SELECT account INTO v_balance FROM profiles WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no_profile');
  END IF;
  -- Under the lock, so the per-customer count, "first purchase", owned and renting are exact.
  IF sale_facts(p_user, p_ids, p_code, p_credit_days) IS DISTINCT FROM p_facts THEN
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;
  SELECT coalesce(sum((l->>'amount')::int), 0)::int INTO v_total FROM jsonb_array_elements(p_sale->'lines') l;
  IF p_code IS NOT NULL THEN
    -- The code's row is locked until this sale commits, so staff setting a limit meanwhile wait for it
    -- and then count it (issue 32 #19). A code with no limit is locked FOR SHARE: its sales never wait
    -- for each other, only staff's FOR UPDATE waits for them. A limited one (or one a limit was set on
    -- while this waited: the shared lock's WHERE no longer holds) is counted where it is checked.
    SELECT id, max_redemptions, times_redeemed, active INTO v_code FROM promo_codes WHERE code = p_code;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'used_up');
    END IF;
    v_shared := false;
    IF v_code.max_redemptions IS NULL THEN
      PERFORM 1 FROM promo_codes WHERE id = v_code.id AND active AND max_redemptions IS NULL FOR SHARE;
      v_shared := FOUND;
    END IF;
    IF NOT v_shared THEN
      SELECT id, max_redemptions, times_redeemed, active INTO v_code FROM promo_codes WHERE id = v_code.id FOR UPDATE;
      IF NOT v_code.active OR v_code.times_redeemed >= v_code.max_redemptions THEN
        RETURN jsonb_build_object('outcome', 'used_up');
      END IF;
    END IF;
  END IF;
  IF v_balance < v_total THEN
    RETURN jsonb_build_object('outcome', 'short', 'balance', v_balance, 'total', v_total);
  END IF;
  IF p_code IS NOT NULL THEN
    IF NOT v_shared AND v_code.max_redemptions IS NOT NULL THEN
      UPDATE promo_codes SET times_redeemed = times_redeemed + 1 WHERE id = v_code.id;
    END IF;
    INSERT INTO promo_redemptions (promo_code_id, user_id, kind, order_reference, discount, state, settled_at)
      VALUES (v_code.id, p_user, v_kind, v_ref, (p_sale->>'discount')::int, 'used', now());
  END IF;

  UPDATE profiles SET account = account - v_total WHERE user_id = p_user RETURNING account INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
    VALUES (p_user, p_sale->>'ledgerKind', -v_total, v_balance, v_ref, p_sale->>'note');
  WITH lines AS (
    INSERT INTO sale_lines (ledger_kind, reference, kind, user_id, video_id, dj_id, title, list_price, amount, promo_code)
      SELECT p_sale->>'ledgerKind', v_ref, v_kind, p_user, v.id, v.dj_id, v.title || coalesce(' (' || v.season || ')', ''),
             (l->>'listPrice')::int, (l->>'amount')::int, l->>'promoCode'
        FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS x(l, n) JOIN videos v ON v.id = (l->>'videoId')::int
       ORDER BY x.n
      RETURNING id, video_id, amount)
  SELECT jsonb_agg(jsonb_build_object('id', id, 'videoId', video_id, 'amount', amount)) INTO v_lines FROM lines;

  IF v_kind = 'purchase' THEN
    WITH bought AS (
      INSERT INTO purchases (user_id, video_id, price, sale_line_id)
        SELECT p_user, (l->>'videoId')::int, (l->>'amount')::int, (l->>'id')::int FROM jsonb_array_elements(v_lines) l
        RETURNING video_id, price, created_at)
    SELECT jsonb_agg(jsonb_build_object('videoId', video_id, 'price', price, 'createdAt', created_at) ORDER BY video_id) INTO v_bought FROM bought;
    -- Counted by appending, so sales of one video never wait on its row (decision 0055).
    INSERT INTO purchase_count_changes (video_id, delta) SELECT unnest(p_ids), 1;
    DELETE FROM cart_items WHERE user_id = p_user AND video_id = ANY(p_ids);
  ELSIF v_kind = 'rental' THEN
    INSERT INTO rentals (user_id, video_id, price_paid, hours, reference, sale_line_id, expires_at)
      SELECT p_user, (l->>'videoId')::int, (l->>'amount')::int, v.rental_hours, v_ref, (l->>'id')::int,
             now() + make_interval(days => (p_sale->>'rentalStartDays')::int)
        FROM jsonb_array_elements(v_lines) l JOIN videos v ON v.id = (l->>'videoId')::int
      RETURNING jsonb_build_object('id', id, 'userId', user_id, 'videoId', video_id, 'pricePaid', price_paid, 'hours', hours,
        'reference', reference, 'saleLineId', sale_line_id, 'rentedAt', rented_at, 'startedAt', started_at, 'expiresAt', expires_at) INTO v_rental;
  END IF;
  RETURN jsonb_build_object('outcome', 'sold', 'balance', v_balance, 'total', v_total, 'lines', v_lines, 'bought', v_bought, 'rental', v_rental);
END;
$$;
