CREATE TABLE "promotion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"detail_html" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"bonus_kind" text NOT NULL,
	"bonus_amount" bigint NOT NULL,
	"bonus_basis_points" integer DEFAULT 0 NOT NULL,
	"min_deposit" bigint NOT NULL,
	"currency" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_type_check" CHECK ("promotion"."type" in ('FIRST_DEPOSIT', 'DEPOSIT_TURNOVER', 'REFERRAL')),
	CONSTRAINT "promotion_bonus_kind_check" CHECK ("promotion"."bonus_kind" in ('fixed', 'percent')),
	CONSTRAINT "promotion_window_check" CHECK ("promotion"."ends_at" > "promotion"."starts_at"),
	CONSTRAINT "promotion_bonus_check" CHECK ("promotion"."bonus_amount" > 0 and "promotion"."min_deposit" >= 0 and "promotion"."bonus_basis_points" >= 0
        and (("promotion"."bonus_kind" = 'fixed') = ("promotion"."bonus_basis_points" = 0)))
);
--> statement-breakpoint
CREATE TABLE "promotion_claim" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claim_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"referred_member_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"bonus_amount" bigint,
	"currency" text NOT NULL,
	"ledger_transaction_id" bigint,
	"applied_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_claim_status_check" CHECK ("promotion_claim"."status" in ('applying', 'rejected', 'issued', 'claimed')),
	CONSTRAINT "promotion_claim_rejected_check" CHECK (("promotion_claim"."status" = 'rejected') = ("promotion_claim"."reason" is not null)),
	CONSTRAINT "promotion_claim_claimed_check" CHECK (("promotion_claim"."status" = 'claimed') = ("promotion_claim"."ledger_transaction_id" is not null)),
	CONSTRAINT "promotion_claim_bonus_check" CHECK ("promotion_claim"."status" not in ('issued', 'claimed') or "promotion_claim"."bonus_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_code" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_level" (
	"merchant_code" text NOT NULL,
	"level" integer NOT NULL,
	"name" jsonb NOT NULL,
	"deposit_threshold" bigint NOT NULL,
	"upgrade_bonus" bigint NOT NULL,
	"birthday_bonus" bigint NOT NULL,
	"monthly_bonus" bigint NOT NULL,
	"daily_withdrawal_count" integer NOT NULL,
	"daily_withdrawal_limit" bigint NOT NULL,
	"rebate_basis_points" integer NOT NULL,
	CONSTRAINT "vip_level_merchant_code_level_pk" PRIMARY KEY("merchant_code","level"),
	CONSTRAINT "vip_level_level_check" CHECK ("vip_level"."level" >= 0),
	CONSTRAINT "vip_level_amounts_check" CHECK ("vip_level"."deposit_threshold" >= 0 and "vip_level"."upgrade_bonus" >= 0 and "vip_level"."birthday_bonus" >= 0
        and "vip_level"."monthly_bonus" >= 0 and "vip_level"."daily_withdrawal_count" >= 0 and "vip_level"."daily_withdrawal_limit" >= 0
        and "vip_level"."rebate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD CONSTRAINT "promotion_claim_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD CONSTRAINT "promotion_claim_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD CONSTRAINT "promotion_claim_referred_member_id_member_id_fk" FOREIGN KEY ("referred_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim" ADD CONSTRAINT "promotion_claim_ledger_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_code" ADD CONSTRAINT "referral_code_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level" ADD CONSTRAINT "vip_level_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_code_key" ON "promotion" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claim_member_key" ON "promotion_claim" USING btree ("promotion_id","member_id",coalesce("referred_member_id"::text, ''));--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claim_ledger_key" ON "promotion_claim" USING btree ("ledger_transaction_id") WHERE "promotion_claim"."ledger_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_claim_member_idx" ON "promotion_claim" USING btree ("member_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_code_key" ON "referral_code" USING btree ("merchant_code","code");