CREATE TABLE "ledger_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"member_id" uuid,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"allow_negative" boolean NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_account_owner_key" UNIQUE NULLS NOT DISTINCT("merchant_code","member_id","kind","currency","demo"),
	CONSTRAINT "ledger_account_kind_check" CHECK ("ledger_account"."kind" in ('available', 'held', 'deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding')),
	CONSTRAINT "ledger_account_balance_check" CHECK ("ledger_account"."allow_negative" or "ledger_account"."balance" >= 0),
	CONSTRAINT "ledger_account_owner_check" CHECK (("ledger_account"."member_id" is not null and "ledger_account"."kind" in ('available', 'held') and not "ledger_account"."allow_negative")
        or ("ledger_account"."member_id" is null and "ledger_account"."kind" in ('deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding')))
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entry_amount_check" CHECK ("ledger_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transaction" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"reference" text,
	"memo" jsonb,
	"reverses_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transaction_idempotency_key" UNIQUE("merchant_code","idempotency_key"),
	CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'bet', 'win', 'bonus', 'reversal', 'trial_credit')),
	CONSTRAINT "ledger_transaction_amount_check" CHECK ("ledger_transaction"."amount" > 0),
	CONSTRAINT "ledger_transaction_reversal_check" CHECK (("ledger_transaction"."kind" = 'reversal') = ("ledger_transaction"."reverses_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "deposit_callback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_callback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"order_ref" text,
	"event_id" text,
	"outcome" text NOT NULL,
	"body_digest" text NOT NULL,
	"ip" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_callback_outcome_check" CHECK ("deposit_callback"."outcome" in ('credited', 'failed', 'duplicate', 'bad_signature', 'stale_timestamp', 'malformed', 'unknown_order', 'mismatch', 'order_closed'))
);
--> statement-breakpoint
CREATE TABLE "deposit_channel" (
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"currency" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"quick_amounts" jsonb NOT NULL,
	"expiry_minutes" integer NOT NULL,
	"details" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_channel_merchant_code_code_pk" PRIMARY KEY("merchant_code","code"),
	CONSTRAINT "deposit_channel_kind_check" CHECK ("deposit_channel"."kind" in ('bank_transfer', 'vietqr', 'ewallet')),
	CONSTRAINT "deposit_channel_limits_check" CHECK ("deposit_channel"."min_amount" > 0 and "deposit_channel"."max_amount" >= "deposit_channel"."min_amount"),
	CONSTRAINT "deposit_channel_expiry_check" CHECK ("deposit_channel"."expiry_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"channel_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reference_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"gateway_transaction_id" text,
	"ledger_transaction_id" bigint,
	CONSTRAINT "deposit_order_status_check" CHECK ("deposit_order"."status" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "deposit_order_amount_check" CHECK ("deposit_order"."amount" > 0),
	CONSTRAINT "deposit_order_paid_check" CHECK (("deposit_order"."status" = 'paid') = ("deposit_order"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_reverses_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("reverses_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_channel" ADD CONSTRAINT "deposit_channel_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_order" ADD CONSTRAINT "deposit_order_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_order" ADD CONSTRAINT "deposit_order_ledger_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_order" ADD CONSTRAINT "deposit_order_channel_fk" FOREIGN KEY ("merchant_code","channel_code") REFERENCES "public"."deposit_channel"("merchant_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_member_idx" ON "ledger_account" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_transaction_idx" ON "ledger_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transaction_reverses_key" ON "ledger_transaction" USING btree ("reverses_transaction_id") WHERE "ledger_transaction"."reverses_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transaction_member_created_idx" ON "ledger_transaction" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_callback_order_idx" ON "deposit_callback" USING btree ("order_ref","received_at");--> statement-breakpoint
CREATE INDEX "deposit_callback_received_idx" ON "deposit_callback" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_order_reference_key" ON "deposit_order" USING btree ("merchant_code","reference_code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_order_ledger_key" ON "deposit_order" USING btree ("ledger_transaction_id") WHERE "deposit_order"."ledger_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "deposit_order_member_created_idx" ON "deposit_order" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_order_pending_idx" ON "deposit_order" USING btree ("member_id","expires_at") WHERE "deposit_order"."status" = 'pending';