-- Tax receipts (CONTRACT §12, decision 0045, docs/etims.md): every sale is a tax invoice and every
-- refund a credit note, made from the sale's lines (migration 0016) when its transaction commits, so
-- no way of selling needs to know about receipts. The store's invoice numbers come from one counter
-- row locked at commit: unique, increasing and without gaps in the order sales commit, as KRA's
-- control unit wants each device's invoices. The control unit's answer is kept with the receipt.
CREATE TABLE "etims_counter" (
  "id" integer PRIMARY KEY DEFAULT 1,
  "last_invoice_no" integer NOT NULL DEFAULT 0,
  CONSTRAINT "etims_counter_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "etims_counter" ("id", "last_invoice_no") VALUES (1, 0);--> statement-breakpoint
CREATE TABLE "receipts" (
  "id" serial PRIMARY KEY,
  "invoice_no" integer NOT NULL,
  "kind" text NOT NULL,
  "ledger_kind" text NOT NULL,
  "reference" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "original_receipt_id" integer REFERENCES "receipts"("id") ON DELETE restrict,
  "total" integer NOT NULL,
  "paid_with" text NOT NULL,
  "mpesa_receipt" text,
  "issued_at" timestamp with time zone NOT NULL DEFAULT now(),
  "etims_state" text NOT NULL DEFAULT 'pending',
  "etims_attempts" integer NOT NULL DEFAULT 0,
  "etims_next_at" timestamp with time zone NOT NULL DEFAULT now(),
  "etims_result_code" text,
  "etims_error" text,
  "cu_id" text,
  "cu_receipt_no" integer,
  "cu_total_receipt_no" integer,
  "internal_data" text,
  "signature" text,
  "sdc_date_time" text,
  "signed_at" timestamp with time zone,
  CONSTRAINT "receipts_kind_known" CHECK ("kind" IN ('sale', 'credit_note')),
  CONSTRAINT "receipts_credit_note_points_back" CHECK (("kind" = 'credit_note') = ("original_receipt_id" IS NOT NULL)),
  CONSTRAINT "receipts_paid_with_known" CHECK ("paid_with" IN ('balance', 'mpesa')),
  CONSTRAINT "receipts_total_positive" CHECK ("total" > 0),
  CONSTRAINT "receipts_state_known" CHECK ("etims_state" IN ('pending', 'signed', 'failed')),
  CONSTRAINT "receipts_signed_has_signature" CHECK (("etims_state" = 'signed') = ("signature" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_invoice_no_unique" ON "receipts" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sale_unique" ON "receipts" USING btree ("ledger_kind", "reference");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id", "issued_at");--> statement-breakpoint
CREATE INDEX "receipts_unsigned_idx" ON "receipts" USING btree ("invoice_no") WHERE "etims_state" <> 'signed';--> statement-breakpoint
-- The OSCU device as KRA initialised it: its communication key is asked for once and kept.
CREATE TABLE "etims_devices" (
  "id" serial PRIMARY KEY,
  "tin" text NOT NULL,
  "branch_id" text NOT NULL,
  "device_serial" text NOT NULL,
  "cu_id" text NOT NULL,
  "cmc_key" text NOT NULL,
  "seller_name" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "etims_devices_unique" ON "etims_devices" USING btree ("tin", "branch_id", "device_serial");--> statement-breakpoint
-- Runs at commit (deferred), once every line of the sale exists: the first line of a (ledger_kind,
-- reference) makes its receipt, the others find it made. A refund's lines make a credit note that
-- points at the receipt of the sale it returns. A sale paid in the same transaction by an M-Pesa
-- deposit (checkout with M-Pesa) says so, with the M-Pesa receipt. Nothing is made for a total of 0
-- (nothing was paid, so there is no taxable supply). The etims-submit job sends it (modules/receipts).
CREATE OR REPLACE FUNCTION make_receipt() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_total integer;
  v_user integer;
  v_issued timestamptz;
  v_refund boolean;
  v_original integer;
  v_no integer;
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
    -- The credit note belongs to the invoice's buyer, whoever the money went back to (a gift's price
    -- credited to a recipient who already owned the video amends the giver's invoice).
    SELECT r.id, r.user_id INTO v_original, v_user
      FROM sale_lines l JOIN sale_lines s ON s.id = l.refunds_line_id
      JOIN receipts r ON r.ledger_kind = s.ledger_kind AND r.reference = s.reference
     WHERE l.ledger_kind = NEW.ledger_kind AND l.reference = NEW.reference
     ORDER BY r.id LIMIT 1;
    -- A refund of a sale that has no receipt (a sale of 0): nothing to credit.
    IF v_original IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    SELECT reference INTO v_mpesa FROM ledger_entries
     WHERE user_id = v_user AND kind = 'deposit' AND created_at = now()
     ORDER BY id DESC LIMIT 1;
  END IF;
  UPDATE etims_counter SET last_invoice_no = last_invoice_no + 1 WHERE id = 1 RETURNING last_invoice_no INTO v_no;
  INSERT INTO receipts (invoice_no, kind, ledger_kind, reference, user_id, original_receipt_id, total, paid_with, mpesa_receipt, issued_at)
    VALUES (v_no, CASE WHEN v_refund THEN 'credit_note' ELSE 'sale' END, NEW.ledger_kind, NEW.reference, v_user, v_original, v_total,
            CASE WHEN v_mpesa IS NOT NULL OR NEW.ledger_kind LIKE 'mpesa%' THEN 'mpesa' ELSE 'balance' END, v_mpesa, least(coalesce(v_issued, now()), now()));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sale_lines_make_receipt" AFTER INSERT ON "sale_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION make_receipt();
