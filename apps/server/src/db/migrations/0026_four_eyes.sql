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
CREATE TABLE "operator_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"issued_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "operator_invitation_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "operator_invitation_purpose_check" CHECK ("operator_invitation"."purpose" in ('new', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "operator_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"area" text NOT NULL,
	"target" text NOT NULL,
	"payload" jsonb NOT NULL,
	"note" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "operator_request_status_check" CHECK ("operator_request"."status" in ('pending', 'approved', 'refused', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "agent_contract" DROP CONSTRAINT "agent_contract_status_check";--> statement-breakpoint
ALTER TABLE "operator" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "written_by" uuid;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "published_by" uuid;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "draft_by" uuid;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "draft_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "credentials_issued_by" uuid;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD CONSTRAINT "merchant_controls_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD CONSTRAINT "merchant_controls_updated_by_operator_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_issued_by_operator_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_request" ADD CONSTRAINT "operator_request_requested_by_operator_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_request" ADD CONSTRAINT "operator_request_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_invitation_operator_idx" ON "operator_invitation" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_request_pending_key" ON "operator_request" USING btree ("merchant_code","kind","target") WHERE "operator_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_request_status_idx" ON "operator_request" USING btree ("merchant_code","status","requested_at");--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_first_approved_by_operator_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_request" ADD CONSTRAINT "withdrawal_request_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_created_by_operator_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_written_by_operator_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_published_by_operator_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_draft_by_operator_id_fk" FOREIGN KEY ("draft_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_proposed_by_operator_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_approved_by_operator_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_register_device_idx" ON "member" USING btree ("register_device");--> statement-breakpoint
CREATE INDEX "member_session_ip_idx" ON "member_session" USING btree ("ip");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_proposed_key" ON "agent_contract" USING btree ("member_id","kind") WHERE "agent_contract"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "balance_adjustment_requester_created_idx" ON "balance_adjustment" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustment_member_created_idx" ON "balance_adjustment" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_status_check" CHECK ("agent_contract"."status" in ('proposed', 'rejected', 'pending', 'accepted', 'refused', 'superseded'));--> statement-breakpoint
-- Promotions that ran before four eyes stay published (docs/back-office.md, "Four eyes").
UPDATE "promotion" SET "published_at" = "starts_at" WHERE "published_at" IS NULL;--> statement-breakpoint
-- Operators made in the back office before invitations were given a password their creator chose: the
-- creator counts as holding their credentials (docs/decisions/033-operator-credentials.md).
UPDATE "operator" SET "credentials_issued_by" = "created_by" WHERE "created_by" IS NOT NULL;
