CREATE TABLE "provider_free_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"rounds" integer NOT NULL,
	"round_value" bigint NOT NULL,
	"turnover_multiple" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_free_rounds_rounds_check" CHECK ("provider_free_rounds"."rounds" between 1 and 1000),
	CONSTRAINT "provider_free_rounds_value_check" CHECK ("provider_free_rounds"."round_value" > 0 and "provider_free_rounds"."won" >= 0),
	CONSTRAINT "provider_free_rounds_turnover_check" CHECK ("provider_free_rounds"."turnover_multiple" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "provider_transaction" DROP CONSTRAINT "provider_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD COLUMN "credit_kind" text;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD COLUMN "free_rounds_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD CONSTRAINT "provider_free_rounds_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD CONSTRAINT "provider_free_rounds_provider_fk" FOREIGN KEY ("merchant_code","provider_code") REFERENCES "public"."game_provider"("merchant_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_free_rounds_member_idx" ON "provider_free_rounds" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_free_rounds_id_provider_free_rounds_id_fk" FOREIGN KEY ("free_rounds_id") REFERENCES "public"."provider_free_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'bet', 'win', 'game_round', 'bonus', 'bonus_forfeit', 'reversal', 'trial_credit', 'adjustment_credit', 'adjustment_debit', 'agent_commission', 'free_round_win', 'bonus_win', 'jackpot_win', 'promo_win'));--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_credit_check" CHECK (("provider_transaction"."kind" = 'credit') = ("provider_transaction"."credit_kind" is not null)
        and ("provider_transaction"."credit_kind" is not distinct from 'free_round') = ("provider_transaction"."free_rounds_id" is not null)
        and ("provider_transaction"."kind" <> 'credit' or "provider_transaction"."amount" > 0));--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_credit_kind_check" CHECK ("provider_transaction"."credit_kind" in ('free_round', 'bonus', 'promo', 'jackpot'));--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_kind_check" CHECK ("provider_transaction"."kind" in ('bet', 'win', 'rollback', 'void_bet', 'credit'));