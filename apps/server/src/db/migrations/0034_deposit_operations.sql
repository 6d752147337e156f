CREATE TABLE "bank_statement_line" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"upload_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"line_key" text NOT NULL,
	"booked_on" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"transaction_id" text,
	"reference_code" text,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"open" boolean NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_statement_upload" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_upload_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"lines" integer NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_confirmation" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"status" text NOT NULL,
	"bank_reference" text NOT NULL,
	"reason" text NOT NULL,
	"confirmed_by" uuid NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"statement_line_id" bigint,
	CONSTRAINT "deposit_confirmation_status_check" CHECK ("deposit_confirmation"."status" in ('awaiting_second_approval', 'credited', 'refused')),
	CONSTRAINT "deposit_confirmation_approver_check" CHECK ("deposit_confirmation"."approved_by" is null or "deposit_confirmation"."approved_by" <> "deposit_confirmation"."confirmed_by")
);
--> statement-breakpoint
ALTER TABLE "merchant_controls" DROP CONSTRAINT "merchant_controls_values_check";--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD COLUMN "deposit_confirm_second_approval_above" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_upload_id_bank_statement_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bank_statement_upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_order_id_deposit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_line" ADD CONSTRAINT "bank_statement_line_resolved_by_operator_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_upload" ADD CONSTRAINT "bank_statement_upload_uploaded_by_operator_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_confirmation" ADD CONSTRAINT "deposit_confirmation_order_id_deposit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_confirmation" ADD CONSTRAINT "deposit_confirmation_confirmed_by_operator_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_confirmation" ADD CONSTRAINT "deposit_confirmation_approved_by_operator_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_line_key" ON "bank_statement_line" USING btree ("merchant_code","line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_line_open_idx" ON "bank_statement_line" USING btree ("merchant_code","id") WHERE "bank_statement_line"."open";--> statement-breakpoint
CREATE INDEX "deposit_confirmation_awaiting_idx" ON "deposit_confirmation" USING btree ("merchant_code") WHERE "deposit_confirmation"."status" = 'awaiting_second_approval';--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD CONSTRAINT "merchant_controls_values_check" CHECK ("merchant_controls"."credit_limit_per_operator_day" >= 0 and "merchant_controls"."credit_limit_per_member_day" >= 0
        and "merchant_controls"."withdrawal_second_approval_above" >= 0 and "merchant_controls"."deposit_confirm_second_approval_above" >= 0 and "merchant_controls"."promotion_bonus_cap" > 0
        and "merchant_controls"."promotion_min_turnover_multiple" >= 0 and "merchant_controls"."segregation_days" >= 0);