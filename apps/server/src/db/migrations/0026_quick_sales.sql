-- Quick sales (decision 0048): a promo purchase or a rental in two round trips instead of ~20.
-- sale_facts reads everything the selling core prices a sale from; the server prices it with its own
-- rules (rules.ts stays the only place a promo code is decided), then sell_checked takes the
-- profile lock, reads the same facts again and sells only if they are unchanged: the check, the
-- code's counts, the debit, the ledger entry, the sale lines and the purchases or rental in one
-- statement. Anything else ('stale', 'used_up', 'no_profile') goes back to the selling core.
-- "First purchase only" reads a customer's sale lines: by customer, not the whole table.
CREATE INDEX "sale_lines_user_idx" ON "sale_lines" USING btree ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_facts(p_user integer, p_ids integer[], p_code text, p_credit_days integer)
RETURNS jsonb
LANGUAGE plpgsql STABLE
-- Planned once per connection: a custom plan of this one big query cost more than running it (0.3 ms).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_code jsonb;
  v_code_id integer;
  v_first_only boolean;
BEGIN
  -- The code's terms, but not times_redeemed: that count is checked where it is taken (below).
  SELECT c.id, c.first_purchase_only,
         jsonb_build_object('id', c.id, 'code', c.code, 'percentOff', c.percent_off, 'amountOff', c.amount_off,
           'validFrom', c.valid_from, 'validUntil', c.valid_until, 'maxRedemptions', c.max_redemptions,
           'perCustomer', c.per_customer, 'minTotal', c.min_total, 'appliesVideoIds', to_jsonb(c.applies_video_ids),
           'appliesDjIds', to_jsonb(c.applies_dj_ids), 'appliesGenreIds', to_jsonb(c.applies_genre_ids),
           'appliesBundleIds', to_jsonb(c.applies_bundle_ids), 'kinds', to_jsonb(c.kinds),
           'firstPurchaseOnly', c.first_purchase_only, 'active', c.active)
    INTO v_code_id, v_first_only, v_code
    FROM promo_codes c WHERE p_code IS NOT NULL AND c.code = p_code;
  RETURN jsonb_build_object(
    'username', (SELECT username FROM users WHERE id = p_user),
    -- What requireAgeConfirmation asks (CONTRACT §13): the quick way sells a 16 or 18 video only to a
    -- customer who has confirmed their age and has no family lock on.
    'ageConfirmed', (SELECT age_confirmed_at IS NOT NULL FROM users WHERE id = p_user),
    'familyLocked', (SELECT family_lock_pin_hash IS NOT NULL FROM users WHERE id = p_user),
    'videos', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'title', v.title, 'season', v.season, 'posterKey', v.poster_key,
                 'price', v.price, 'rentPrice', v.rent_price, 'hours', v.rental_hours, 'djId', v.dj_id, 'genreId', v.genre_id, 'rating', v.rating) ORDER BY v.id), '[]'::jsonb)
               FROM videos v WHERE v.id = ANY(p_ids) AND v.published AND v.video_path IS NOT NULL),
    'owned', (SELECT coalesce(jsonb_agg(video_id ORDER BY video_id), '[]'::jsonb) FROM purchases
              WHERE user_id = p_user AND video_id = ANY(p_ids) AND refunded_at IS NULL),
    'renting', (SELECT coalesce(jsonb_agg(DISTINCT video_id), '[]'::jsonb) FROM rentals
                WHERE user_id = p_user AND video_id = ANY(p_ids) AND expires_at > now()),
    -- Rent, then own (CONTRACT §11): the rent of the newest rental live or ended under p_credit_days ago.
    'credits', (SELECT coalesce(jsonb_object_agg(c.video_id::text, c.price_paid), '{}'::jsonb) FROM (
                  SELECT DISTINCT ON (video_id) video_id, price_paid FROM rentals
                   WHERE user_id = p_user AND video_id = ANY(p_ids) AND expires_at > now() - make_interval(days => p_credit_days)
                   ORDER BY video_id, rented_at DESC) c),
    'code', v_code,
    'liveCount', CASE WHEN v_code_id IS NULL THEN NULL ELSE
                   (SELECT count(*)::int FROM promo_redemptions WHERE promo_code_id = v_code_id AND user_id = p_user AND state <> 'released') END,
    'hasBought', CASE WHEN v_first_only THEN EXISTS (SELECT 1 FROM sale_lines WHERE user_id = p_user AND kind <> 'refund') ELSE NULL END);
END;
$$;--> statement-breakpoint
-- p_sale: {ledgerKind, saleKind, reference, note, lines: [{videoId, listPrice, amount}], discount,
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
    -- A total limit is counted where it is checked: the code's row locked, then raised below max.
    SELECT id, max_redemptions, times_redeemed, active INTO v_code FROM promo_codes WHERE code = p_code;
    IF v_code.max_redemptions IS NOT NULL THEN
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
    IF v_code.max_redemptions IS NOT NULL THEN
      UPDATE promo_codes SET times_redeemed = times_redeemed + 1 WHERE id = v_code.id;
    END IF;
    INSERT INTO promo_redemptions (promo_code_id, user_id, kind, order_reference, discount, state, settled_at)
      VALUES (v_code.id, p_user, v_kind, v_ref, (p_sale->>'discount')::int, 'used', now());
  END IF;

  UPDATE profiles SET account = account - v_total WHERE user_id = p_user RETURNING account INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
    VALUES (p_user, p_sale->>'ledgerKind', -v_total, v_balance, v_ref, p_sale->>'note');
  WITH lines AS (
    INSERT INTO sale_lines (ledger_kind, reference, kind, user_id, video_id, dj_id, title, list_price, amount)
      SELECT p_sale->>'ledgerKind', v_ref, v_kind, p_user, v.id, v.dj_id, v.title || coalesce(' (' || v.season || ')', ''),
             (l->>'listPrice')::int, (l->>'amount')::int
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
    UPDATE videos SET purchase_times = purchase_times + 1 WHERE id = ANY(p_ids);
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
