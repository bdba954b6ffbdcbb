CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"phone" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"callback_secret" text NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"result_code" text,
	"result_desc" text,
	"receipt" text,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "deposits_amount_range" CHECK ("deposits"."amount" BETWEEN 1 AND 250000)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balance_not_negative" CHECK ("ledger_entries"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_checkout_unique" ON "deposits" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_receipt_unique" ON "deposits" USING btree ("receipt");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_secret_unique" ON "deposits" USING btree ("callback_secret");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("state","next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_kind_reference_unique" ON "ledger_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id");