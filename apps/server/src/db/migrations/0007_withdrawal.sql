CREATE TABLE "member_bank_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_password_guard" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"hold_transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawal_request_status_check" CHECK ("withdrawal_request"."status" in ('pending', 'paid', 'rejected')),
	CONSTRAINT "withdrawal_request_amount_check" CHECK ("withdrawal_request"."amount" > 0),
	CONSTRAINT "withdrawal_request_settled_check" CHECK (("withdrawal_request"."status" = 'pending') = ("withdrawal_request"."settle_transaction_id" is null))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_setting" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"daily_count_limit" integer NOT NULL,
	CONSTRAINT "withdrawal_setting_limits_check" CHECK ("withdrawal_setting"."min_amount" > 0 and "withdrawal_setting"."max_amount" >= "withdrawal_setting"."min_amount" and "withdrawal_setting"."daily_count_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "member_bank_account" ADD CONSTRAINT "member_bank_account_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_password_guard" ADD CONSTRAINT "payment_password_guard_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_bank_account_id_member_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."member_bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_hold_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_settle_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_setting" ADD CONSTRAINT "withdrawal_setting_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_bank_account_live_key" ON "member_bank_account" USING btree ("member_id","bank_code","account_number") WHERE "member_bank_account"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_request_key" ON "withdrawal_request" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_request_settle_key" ON "withdrawal_request" USING btree ("settle_transaction_id") WHERE "withdrawal_request"."settle_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawal_request_member_created_idx" ON "withdrawal_request" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_request_status_created_idx" ON "withdrawal_request" USING btree ("merchant_code","status","created_at");