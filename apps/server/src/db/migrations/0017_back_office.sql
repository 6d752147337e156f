CREATE TABLE "balance_adjustment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "balance_adjustment_amount_check" CHECK ("balance_adjustment"."amount" > 0),
	CONSTRAINT "balance_adjustment_direction_check" CHECK ("balance_adjustment"."direction" in ('credit', 'debit')),
	CONSTRAINT "balance_adjustment_status_check" CHECK ("balance_adjustment"."status" in ('pending', 'applied', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "operator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_role_check" CHECK ("operator"."role" in ('owner', 'finance', 'risk', 'support', 'content')),
	CONSTRAINT "operator_username_check" CHECK ("operator"."username" = lower("operator"."username"))
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" uuid,
	"operator_username" text NOT NULL,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "operator_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text NOT NULL,
	CONSTRAINT "operator_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_requested_by_operator_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator" ADD CONSTRAINT "operator_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustment_key" ON "balance_adjustment" USING btree ("merchant_code","idempotency_key");--> statement-breakpoint
CREATE INDEX "balance_adjustment_status_idx" ON "balance_adjustment" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_merchant_username_key" ON "operator" USING btree ("merchant_code","username");--> statement-breakpoint
CREATE INDEX "operator_audit_merchant_at_idx" ON "operator_audit" USING btree ("merchant_code","at");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "operator_session_operator_idx" ON "operator_session" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_check" CHECK ("ledger_account"."kind" in ('available', 'held', 'deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_owner_check" CHECK (("ledger_account"."member_id" is not null and "ledger_account"."kind" in ('available', 'held') and not "ledger_account"."allow_negative")
        or ("ledger_account"."member_id" is null and "ledger_account"."kind" in ('deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments')));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'bet', 'win', 'game_round', 'bonus', 'bonus_forfeit', 'reversal', 'trial_credit', 'adjustment_credit', 'adjustment_debit'));--> statement-breakpoint
CREATE FUNCTION "operator_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_update" BEFORE UPDATE OR DELETE ON "operator_audit"
  FOR EACH ROW EXECUTE FUNCTION "operator_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_truncate" BEFORE TRUNCATE ON "operator_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_append_only"();
