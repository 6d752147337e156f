CREATE TABLE "agent" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"parent_member_id" uuid,
	"level" smallint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_level_check" CHECK ("agent"."level" >= 1),
	CONSTRAINT "agent_parent_check" CHECK (("agent"."level" = 1) = ("agent"."parent_member_id" is null))
);
--> statement-breakpoint
CREATE TABLE "agent_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"message" text NOT NULL,
	"contact" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"note" text,
	CONSTRAINT "agent_application_status_check" CHECK ("agent_application"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "agent_application_decision_check" CHECK (("agent_application"."status" = 'pending') = ("agent_application"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "agent_settlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"agent_member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"contract_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"basis" jsonb NOT NULL,
	"carried_in" bigint DEFAULT 0 NOT NULL,
	"carried_out" bigint DEFAULT 0 NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"note" text,
	CONSTRAINT "agent_settlement_kind_check" CHECK ("agent_settlement"."kind" in ('salary', 'dividend', 'hourly')),
	CONSTRAINT "agent_settlement_status_check" CHECK ("agent_settlement"."status" in ('nothing_due', 'awaiting_approval', 'paid', 'refused')),
	CONSTRAINT "agent_settlement_amount_check" CHECK ("agent_settlement"."amount" >= 0),
	CONSTRAINT "agent_settlement_carry_check" CHECK ("agent_settlement"."carried_in" <= 0 and "agent_settlement"."carried_out" <= 0),
	CONSTRAINT "agent_settlement_paid_check" CHECK (("agent_settlement"."status" = 'paid') = ("agent_settlement"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_upline" (
	"member_id" uuid NOT NULL,
	"upline_member_id" uuid NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "member_upline_member_id_depth_pk" PRIMARY KEY("member_id","depth"),
	CONSTRAINT "member_upline_depth_check" CHECK ("member_upline"."depth" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "agent_max_depth" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD COLUMN "kind" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD COLUMN "registrations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_parent_member_id_member_id_fk" FOREIGN KEY ("parent_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_application" ADD CONSTRAINT "agent_application_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_application" ADD CONSTRAINT "agent_application_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_agent_member_id_member_id_fk" FOREIGN KEY ("agent_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_contract_id_agent_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_ledger_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_upline" ADD CONSTRAINT "member_upline_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_upline" ADD CONSTRAINT "member_upline_upline_member_id_member_id_fk" FOREIGN KEY ("upline_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_merchant_idx" ON "agent" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "agent_parent_idx" ON "agent" USING btree ("parent_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_application_pending_key" ON "agent_application" USING btree ("member_id") WHERE "agent_application"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_application_merchant_idx" ON "agent_application" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "agent_application_member_idx" ON "agent_application" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlement_period_key" ON "agent_settlement" USING btree ("agent_member_id","kind","period_key");--> statement-breakpoint
CREATE INDEX "agent_settlement_merchant_status_idx" ON "agent_settlement" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "agent_settlement_agent_idx" ON "agent_settlement" USING btree ("agent_member_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "member_upline_pair_key" ON "member_upline" USING btree ("upline_member_id","member_id");--> statement-breakpoint
CREATE INDEX "member_upline_upline_depth_idx" ON "member_upline" USING btree ("upline_member_id","depth");--> statement-breakpoint
CREATE INDEX "affiliate_code_agent_idx" ON "affiliate_code" USING btree ("agent_member_id");--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD CONSTRAINT "affiliate_code_kind_check" CHECK ("affiliate_code"."kind" in ('member', 'agent'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_check" CHECK ("ledger_account"."kind" in ('available', 'held', 'deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments', 'agent_commissions'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_owner_check" CHECK (("ledger_account"."member_id" is not null and "ledger_account"."kind" in ('available', 'held') and not "ledger_account"."allow_negative")
        or ("ledger_account"."member_id" is null and "ledger_account"."kind" in ('deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments', 'agent_commissions')));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'bet', 'win', 'game_round', 'bonus', 'bonus_forfeit', 'reversal', 'trial_credit', 'adjustment_credit', 'adjustment_debit', 'agent_commission'));--> statement-breakpoint
-- Agents made before the hierarchy existed (members of types 1 and 2) become top agents, and the members
-- who registered with such an agent's code get that agent as their upline.
INSERT INTO "agent" ("member_id", "merchant_code", "parent_member_id", "level", "created_by", "created_at")
SELECT "id", "merchant_code", NULL, 1, 'migration', "created_at" FROM "member" WHERE "type" IN (1, 2)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "member_upline" ("member_id", "upline_member_id", "depth")
SELECT m."id", a."agent_member_id", 1
FROM "member" m
JOIN "affiliate_code" a ON a."merchant_code" = m."merchant_code" AND upper(a."code") = upper(m."affiliate_code")
JOIN "agent" g ON g."member_id" = a."agent_member_id"
WHERE m."id" <> a."agent_member_id"
ON CONFLICT DO NOTHING;
