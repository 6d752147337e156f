CREATE TABLE "merchant_controls" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"credit_limit_per_operator_day" bigint NOT NULL,
	"credit_limit_per_member_day" bigint NOT NULL,
	"withdrawal_second_approval_above" bigint NOT NULL,
	"promotion_bonus_cap" bigint NOT NULL,
	"promotion_min_turnover_multiple" integer NOT NULL,
	"segregation_days" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "merchant_controls_values_check" CHECK ("merchant_controls"."credit_limit_per_operator_day" >= 0 and "merchant_controls"."credit_limit_per_member_day" >= 0
        and "merchant_controls"."withdrawal_second_approval_above" >= 0 and "merchant_controls"."promotion_bonus_cap" > 0
        and "merchant_controls"."promotion_min_turnover_multiple" >= 0 and "merchant_controls"."segregation_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD CONSTRAINT "merchant_controls_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD CONSTRAINT "merchant_controls_updated_by_operator_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustment_requester_created_idx" ON "balance_adjustment" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustment_member_created_idx" ON "balance_adjustment" USING btree ("member_id","created_at");