-- M-Pesa Ratiba standing orders and paybill (C2B) payments (CONTRACT §14, decision 0050). A standing
-- order is approved once with the customer's PIN; each deduction then arrives as a paybill payment
-- whose BillRefNumber is the order's account_reference, recorded once by TransID and credited to the
-- balance through the ledger (kind deposit, reference paybill-<TransID>).
CREATE TABLE "standing_orders" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "account_reference" text NOT NULL,
  "name" text NOT NULL,
  "phone" text NOT NULL,
  "amount" integer NOT NULL,
  "frequency" text NOT NULL,
  "start_date" text NOT NULL,
  "end_date" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "result_code" text,
  "result_desc" text,
  "callback_secret" text NOT NULL,
  "request_ref" text,
  "transaction_id" text,
  "purpose" text NOT NULL,
  "subject_id" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "standing_orders_amount_range" CHECK ("amount" BETWEEN 1 AND 250000),
  CONSTRAINT "standing_orders_reference_length" CHECK (length("account_reference") BETWEEN 1 AND 12),
  CONSTRAINT "standing_orders_frequency_known" CHECK ("frequency" IN ('daily', 'weekly', 'monthly')),
  CONSTRAINT "standing_orders_state_known" CHECK ("state" IN ('pending', 'active', 'failed', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_reference_unique" ON "standing_orders" USING btree ("account_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_secret_unique" ON "standing_orders" USING btree ("callback_secret");--> statement-breakpoint
-- One live order per thing it pays for: a retried request finds the first instead of making a second.
CREATE UNIQUE INDEX "standing_orders_one_live" ON "standing_orders" USING btree ("purpose", "subject_id") WHERE "state" IN ('pending', 'active');--> statement-breakpoint
CREATE INDEX "standing_orders_user_idx" ON "standing_orders" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "paybill_payments" (
  "id" serial PRIMARY KEY,
  "trans_id" text NOT NULL,
  "amount" integer NOT NULL,
  "msisdn" text,
  "bill_ref" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE restrict,
  "standing_order_id" integer REFERENCES "standing_orders"("id") ON DELETE restrict,
  "state" text NOT NULL,
  "raw" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "paybill_payments_state_known" CHECK ("state" IN ('credited', 'unmatched')),
  CONSTRAINT "paybill_payments_credited_has_user" CHECK ("state" = 'unmatched' OR "user_id" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "paybill_payments_trans_unique" ON "paybill_payments" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "paybill_payments_unmatched_idx" ON "paybill_payments" USING btree ("created_at") WHERE "state" = 'unmatched';
