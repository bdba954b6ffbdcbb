-- DJ earnings and payouts, refunds to M-Pesa, a DJ's own login (third round, CONTRACT §12; decision 0046).
-- A DJ earns revenue_share_percent of each of their sale lines less VAT; what they are owed is read
-- from sale_lines and payouts, so payouts is the DJ side's ledger: written only by wallet/ledger.ts.
ALTER TABLE "djs" ADD COLUMN "revenue_share_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "djs" ADD COLUMN "payout_phone" text;--> statement-breakpoint
ALTER TABLE "djs" ADD CONSTRAINT "djs_revenue_share_range" CHECK ("revenue_share_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "djs" ADD CONSTRAINT "djs_payout_phone_daraja" CHECK ("payout_phone" IS NULL OR "payout_phone" ~ '^254[17][0-9]{8}$');--> statement-breakpoint
-- A login of role dj: linked to one DJ, sees only that DJ's sales, statements and payouts.
ALTER TABLE "users" ADD COLUMN "dj_id" integer REFERENCES "djs"("id") ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_dj_unique" ON "users" USING btree ("dj_id") WHERE "dj_id" IS NOT NULL;--> statement-breakpoint
-- Money sent out by Daraja's B2C payment request: to a DJ (purpose dj) or a customer's refund
-- (purpose refund, its ledger entry moved the money off the balance). OriginatorConversationID is
-- the idempotency key Daraja knows the payment by; the result settles a pending row exactly once.
CREATE TABLE "payouts" (
  "id" serial PRIMARY KEY,
  "purpose" text NOT NULL,
  "dj_id" integer REFERENCES "djs"("id") ON DELETE restrict,
  "user_id" integer REFERENCES "users"("id") ON DELETE restrict,
  "reference" text,
  "amount" integer NOT NULL,
  "phone" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "originator_conversation_id" text NOT NULL,
  "conversation_id" text,
  "result_secret" text NOT NULL,
  "mpesa_receipt" text,
  "result_code" text,
  "result_desc" text,
  "checks" integer DEFAULT 0 NOT NULL,
  "next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
  "requested_by" integer REFERENCES "users"("id") ON DELETE set null,
  "idempotency_key" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "payouts_purpose_known" CHECK ("purpose" IN ('dj', 'refund')),
  CONSTRAINT "payouts_purpose_party" CHECK (("purpose" = 'dj' AND "dj_id" IS NOT NULL) OR ("purpose" = 'refund' AND "user_id" IS NOT NULL AND "reference" IS NOT NULL)),
  CONSTRAINT "payouts_state_known" CHECK ("state" IN ('pending', 'completed', 'failed')),
  CONSTRAINT "payouts_amount_range" CHECK ("amount" BETWEEN 1 AND 250000),
  CONSTRAINT "payouts_settled_has_time" CHECK (("state" = 'pending') = ("settled_at" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_originator_unique" ON "payouts" USING btree ("originator_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_secret_unique" ON "payouts" USING btree ("result_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_receipt_unique" ON "payouts" USING btree ("mpesa_receipt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_refund_once" ON "payouts" USING btree ("reference") WHERE "purpose" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_unique" ON "payouts" USING btree ("requested_by", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_dj_idx" ON "payouts" USING btree ("dj_id", "created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("state", "next_check_at");
