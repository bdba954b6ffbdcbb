-- sell_pass(): a pass sold from the balance in one statement (the quick way, decision 0048's for
-- passes, CONTRACT §14): under the profile lock (the lock order of every sale), the product still on
-- sale and the balance covering its price, the debit, its ledger entry, the one sale line of no
-- video (its receipt is made at commit by make_receipt) and the period (extend_pass). Only the
-- wallet calls it (ledger.sellPass); a sale with a promo code goes the slow way.
CREATE OR REPLACE FUNCTION sell_pass(p_user integer, p_pass integer, p_reference text)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_balance integer;
  v_p pass_products;
  v_line integer;
  v_cp customer_passes;
BEGIN
  SELECT account INTO v_balance FROM profiles WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no_profile');
  END IF;
  SELECT * INTO v_p FROM pass_products WHERE id = p_pass;
  IF NOT FOUND OR NOT v_p.active THEN
    RETURN jsonb_build_object('outcome', 'gone');
  END IF;
  IF v_balance < v_p.price THEN
    RETURN jsonb_build_object('outcome', 'short', 'balance', v_balance, 'total', v_p.price);
  END IF;
  UPDATE profiles SET account = account - v_p.price WHERE user_id = p_user RETURNING account INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference, note)
    VALUES (p_user, 'pass', -v_p.price, v_balance, p_reference, 'Pass: ' || v_p.title);
  INSERT INTO sale_lines (ledger_kind, reference, kind, user_id, video_id, dj_id, dj_share_percent, title, list_price, amount)
    VALUES ('pass', p_reference, 'pass', p_user, NULL, NULL, 0, v_p.title, v_p.price, v_p.price) RETURNING id INTO v_line;
  v_cp := extend_pass(p_user, p_pass, v_p.hours, p_reference, v_line, v_p.price);
  RETURN jsonb_build_object('outcome', 'sold', 'balance', v_balance, 'total', v_p.price, 'pass', jsonb_build_object(
    'id', v_cp.id, 'startsAt', v_cp.starts_at, 'endsAt', v_cp.ends_at, 'renewal', v_cp.renewal), 'product', jsonb_build_object(
    'id', v_p.id, 'title', v_p.title, 'scopeKind', v_p.scope_kind, 'scopeValue', v_p.scope_value, 'hours', v_p.hours, 'price', v_p.price, 'active', v_p.active,
    'scopeName', CASE v_p.scope_kind
      WHEN 'dj' THEN (SELECT dj_name FROM djs WHERE id::text = v_p.scope_value)
      WHEN 'genre' THEN (SELECT title FROM genres WHERE id::text = v_p.scope_value)
      WHEN 'category' THEN v_p.scope_value END));
END;
$$;
