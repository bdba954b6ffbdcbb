-- extend_pass(): one more period of a customer's pass (CONTRACT §14), the one copy of the stacking
-- rule: a live pass runs on from its end (hours stack, as bundles of data do); a new or ended one
-- starts now. Writes the pass and the period of the sale that paid for it (its sale line), in the
-- caller's transaction; answers the customer's pass row. The passes module's repository and
-- sell_pass (the quick way) both call it.
CREATE OR REPLACE FUNCTION extend_pass(p_user integer, p_pass integer, p_hours integer, p_reference text, p_line integer, p_amount integer)
RETURNS customer_passes
LANGUAGE plpgsql
AS $$
DECLARE
  v_cp customer_passes;
  v_had boolean;
  v_start timestamptz;
  v_end timestamptz;
BEGIN
  SELECT * INTO v_cp FROM customer_passes WHERE user_id = p_user AND pass_id = p_pass FOR UPDATE;
  v_had := FOUND;
  -- To the millisecond, as JavaScript's dates hold it: a pass's end read back compares equal (renewals mark it).
  v_start := CASE WHEN v_had AND v_cp.ends_at > now() THEN v_cp.ends_at ELSE date_trunc('milliseconds', now()) END;
  v_end := v_start + make_interval(hours => p_hours);
  IF NOT v_had THEN
    INSERT INTO customer_passes (user_id, pass_id, starts_at, ends_at) VALUES (p_user, p_pass, v_start, v_end) RETURNING * INTO v_cp;
  ELSIF v_cp.ends_at > now() THEN
    UPDATE customer_passes SET ends_at = v_end WHERE id = v_cp.id RETURNING * INTO v_cp;
  ELSE
    UPDATE customer_passes SET starts_at = v_start, ends_at = v_end WHERE id = v_cp.id RETURNING * INTO v_cp;
  END IF;
  INSERT INTO pass_periods (customer_pass_id, reference, sale_line_id, starts_at, ends_at, amount) VALUES (v_cp.id, p_reference, p_line, v_start, v_end, p_amount);
  RETURN v_cp;
END;
$$;
