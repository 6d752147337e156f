CREATE TABLE "bank_account_conflict" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_account_conflict_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"owner_member_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_account_owner" (
	"merchant_code" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_account_owner_merchant_code_bank_code_account_number_pk" PRIMARY KEY("merchant_code","bank_code","account_number")
);
--> statement-breakpoint
CREATE TABLE "wagering_progress" (
	"requirement_id" integer NOT NULL,
	"round_id" uuid NOT NULL,
	"percent" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wagering_progress_requirement_id_round_id_pk" PRIMARY KEY("requirement_id","round_id"),
	CONSTRAINT "wagering_progress_amount_check" CHECK ("wagering_progress"."amount" >= 0 and "wagering_progress"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "wagering_requirement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wagering_requirement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"bonus_transaction_id" bigint,
	"claim_id" integer,
	"deposit_transaction_id" bigint,
	"required" bigint NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"locked_bonus" bigint NOT NULL,
	"locked_deposit" bigint NOT NULL,
	"status" text NOT NULL,
	"forfeit_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wagering_requirement_status_check" CHECK ("wagering_requirement"."status" in ('active', 'met', 'forfeited')),
	CONSTRAINT "wagering_requirement_amounts_check" CHECK ("wagering_requirement"."required" > 0 and "wagering_requirement"."progress" >= 0 and "wagering_requirement"."locked_bonus" >= 0 and "wagering_requirement"."locked_deposit" >= 0),
	CONSTRAINT "wagering_requirement_source_check" CHECK ("wagering_requirement"."bonus_transaction_id" is not null or "wagering_requirement"."deposit_transaction_id" is not null),
	CONSTRAINT "wagering_requirement_closed_check" CHECK (("wagering_requirement"."status" = 'active') = ("wagering_requirement"."closed_at" is null)
        and ("wagering_requirement"."status" = 'active' or ("wagering_requirement"."locked_bonus" = 0 and "wagering_requirement"."locked_deposit" = 0))
        and ("wagering_requirement"."status" <> 'met' or "wagering_requirement"."progress" >= "wagering_requirement"."required"))
);
--> statement-breakpoint
CREATE TABLE "wagering_setting" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"deposit_turnover_percent" integer NOT NULL,
	"bonus_turnover_multiple" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"referral_min_deposit" bigint NOT NULL,
	"referral_min_turnover" bigint NOT NULL,
	CONSTRAINT "wagering_setting_amounts_check" CHECK ("wagering_setting"."deposit_turnover_percent" >= 0 and "wagering_setting"."bonus_turnover_multiple" >= 1
        and "wagering_setting"."referral_min_deposit" >= 0 and "wagering_setting"."referral_min_turnover" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_kind_check";--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "register_device" text;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "turnover_multiple" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "turnover_base" text DEFAULT 'bonus' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD COLUMN "deposit_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "bank_account_conflict" ADD CONSTRAINT "bank_account_conflict_owner_member_id_member_id_fk" FOREIGN KEY ("owner_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_conflict" ADD CONSTRAINT "bank_account_conflict_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_owner" ADD CONSTRAINT "bank_account_owner_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_progress" ADD CONSTRAINT "wagering_progress_requirement_id_wagering_requirement_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."wagering_requirement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_progress" ADD CONSTRAINT "wagering_progress_round_id_game_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_round"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirement" ADD CONSTRAINT "wagering_requirement_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirement" ADD CONSTRAINT "wagering_requirement_bonus_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("bonus_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirement" ADD CONSTRAINT "wagering_requirement_claim_id_promotion_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."promotion_claim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirement" ADD CONSTRAINT "wagering_requirement_deposit_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("deposit_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirement" ADD CONSTRAINT "wagering_requirement_forfeit_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("forfeit_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_setting" ADD CONSTRAINT "wagering_setting_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_conflict_member_idx" ON "bank_account_conflict" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "bank_account_conflict_owner_idx" ON "bank_account_conflict" USING btree ("owner_member_id");--> statement-breakpoint
CREATE INDEX "bank_account_owner_member_idx" ON "bank_account_owner" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "wagering_progress_round_idx" ON "wagering_progress" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_requirement_bonus_key" ON "wagering_requirement" USING btree ("bonus_transaction_id") WHERE "wagering_requirement"."bonus_transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_requirement_claim_key" ON "wagering_requirement" USING btree ("claim_id") WHERE "wagering_requirement"."claim_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_requirement_deposit_key" ON "wagering_requirement" USING btree ("deposit_transaction_id") WHERE "wagering_requirement"."deposit_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "wagering_requirement_member_idx" ON "wagering_requirement" USING btree ("member_id","status");--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD CONSTRAINT "promotion_claim_deposit_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("deposit_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_kind_check" CHECK ("ledger_transaction"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'bet', 'win', 'game_round', 'bonus', 'bonus_forfeit', 'reversal', 'trial_credit'));--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_turnover_base_check" CHECK ("promotion"."turnover_base" in ('bonus', 'deposit_bonus'));--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_turnover_multiple_check" CHECK ("promotion"."turnover_multiple" >= 0);--> statement-breakpoint
UPDATE "promotion" SET "turnover_multiple" = 15, "turnover_base" = 'deposit_bonus' WHERE "code" = 'WELCOME100';--> statement-breakpoint
UPDATE "promotion" SET "turnover_multiple" = 5 WHERE "code" = 'RELOAD500';--> statement-breakpoint
UPDATE "promotion" SET "turnover_multiple" = 1 WHERE "code" = 'INVITE50';
