-- sale_facts(): its live definition, last written by migration 0026_quick_sales.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
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
$$;
