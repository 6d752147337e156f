CREATE TABLE "provider_reconciliation" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_reconciliation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"provider_transactions" integer NOT NULL,
	"operator_transactions" integer NOT NULL,
	"difference_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"differences" jsonb NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"ran_by" text NOT NULL,
	CONSTRAINT "provider_reconciliation_status_check" CHECK ("provider_reconciliation"."status" in ('clean', 'differences'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_call" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"wallet_session_id" uuid NOT NULL,
	"round_id" text,
	"bet_transaction_id" text,
	"amount" bigint,
	"currency" text NOT NULL,
	"round_closed" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"called_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "sandbox_wallet_call_status_check" CHECK ("sandbox_wallet_call"."status" in ('pending', 'accepted', 'refused', 'unanswered'))
);
--> statement-breakpoint
ALTER TABLE "provider_reconciliation" ADD CONSTRAINT "provider_reconciliation_provider_fk" FOREIGN KEY ("merchant_code","provider_code") REFERENCES "public"."game_provider"("merchant_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_reconciliation_day_key" ON "provider_reconciliation" USING btree ("merchant_code","provider_code","day");--> statement-breakpoint
CREATE INDEX "sandbox_wallet_call_day_idx" ON "sandbox_wallet_call" USING btree ("called_at");--> statement-breakpoint
CREATE INDEX "sandbox_wallet_call_bet_idx" ON "sandbox_wallet_call" USING btree ("bet_transaction_id");