-- make_receipt(): its live definition, last written by migration 0025_etims_numbered_by_submitter.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- As in 0022, less the counter: the receipt is made with no invoice number (the submitter gives it).
CREATE OR REPLACE FUNCTION make_receipt() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_total integer;
  v_user integer;
  v_issued timestamptz;
  v_refund boolean;
  v_original integer;
  v_mpesa text;
BEGIN
  IF EXISTS (SELECT 1 FROM receipts WHERE ledger_kind = NEW.ledger_kind AND reference = NEW.reference) THEN
    RETURN NULL;
  END IF;
  SELECT abs(sum(amount))::integer, min(user_id), min(created_at), bool_or(kind = 'refund')
    INTO v_total, v_user, v_issued, v_refund
    FROM sale_lines WHERE ledger_kind = NEW.ledger_kind AND reference = NEW.reference;
  IF v_total IS NULL OR v_total = 0 THEN
    RETURN NULL;
  END IF;
  IF v_refund THEN
    -- The credit note belongs to the invoice's buyer, whoever the money went back to.
    SELECT r.id, r.user_id INTO v_original, v_user
      FROM sale_lines l JOIN sale_lines s ON s.id = l.refunds_line_id
      JOIN receipts r ON r.ledger_kind = s.ledger_kind AND r.reference = s.reference
     WHERE l.ledger_kind = NEW.ledger_kind AND l.reference = NEW.reference
     ORDER BY r.id LIMIT 1;
    IF v_original IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    -- A deposit made in this same transaction (checkout with M-Pesa): ledger_deposit_user_time_idx.
    SELECT reference INTO v_mpesa FROM ledger_entries
     WHERE user_id = v_user AND kind = 'deposit' AND created_at = now()
     ORDER BY id DESC LIMIT 1;
  END IF;
  INSERT INTO receipts (kind, ledger_kind, reference, user_id, original_receipt_id, total, paid_with, mpesa_receipt, issued_at)
    VALUES (CASE WHEN v_refund THEN 'credit_note' ELSE 'sale' END, NEW.ledger_kind, NEW.reference, v_user, v_original, v_total,
            CASE WHEN v_mpesa IS NOT NULL OR NEW.ledger_kind LIKE 'mpesa%' THEN 'mpesa' ELSE 'balance' END, v_mpesa, least(coalesce(v_issued, now()), now()));
  RETURN NULL;
END;
$$;
