CREATE TABLE "kyc_picture" (
	"submission_id" uuid NOT NULL,
	"picture" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "kyc_picture_submission_id_picture_pk" PRIMARY KEY("submission_id","picture"),
	CONSTRAINT "kyc_picture_picture_check" CHECK ("kyc_picture"."picture" in ('front', 'back', 'selfie')),
	CONSTRAINT "kyc_picture_size_check" CHECK ("kyc_picture"."width" > 0 and "kyc_picture"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_submission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"state" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_number" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"approval_requested_by" uuid,
	"approval_requested_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "kyc_submission_state_check" CHECK ("kyc_submission"."state" in ('submitted', 'approval_requested', 'approved', 'rejected')),
	CONSTRAINT "kyc_submission_document_kind_check" CHECK ("kyc_submission"."document_kind" in ('id_card', 'passport', 'driving_licence')),
	CONSTRAINT "kyc_submission_decided_check" CHECK (("kyc_submission"."state" in ('approved', 'rejected')) = ("kyc_submission"."decided_at" is not null)),
	CONSTRAINT "kyc_submission_approval_requested_check" CHECK ("kyc_submission"."state" <> 'approval_requested' or "kyc_submission"."approval_requested_by" is not null),
	CONSTRAINT "kyc_submission_reject_reason_check" CHECK (("kyc_submission"."state" = 'rejected') = ("kyc_submission"."reject_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_setting" ADD COLUMN "kyc_first_withdrawal" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_setting" ADD COLUMN "kyc_above" bigint;--> statement-breakpoint
ALTER TABLE "withdrawal_setting" ADD COLUMN "two_factor_above" bigint;--> statement-breakpoint
ALTER TABLE "kyc_picture" ADD CONSTRAINT "kyc_picture_submission_id_kyc_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submission" ADD CONSTRAINT "kyc_submission_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submission" ADD CONSTRAINT "kyc_submission_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submission" ADD CONSTRAINT "kyc_submission_approval_requested_by_operator_id_fk" FOREIGN KEY ("approval_requested_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submission" ADD CONSTRAINT "kyc_submission_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submission_waiting_key" ON "kyc_submission" USING btree ("member_id") WHERE "kyc_submission"."state" in ('submitted', 'approval_requested');--> statement-breakpoint
CREATE INDEX "kyc_submission_member_idx" ON "kyc_submission" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_submission_queue_idx" ON "kyc_submission" USING btree ("merchant_code","state","submitted_at");--> statement-breakpoint
ALTER TABLE "withdrawal_setting" ADD CONSTRAINT "withdrawal_setting_checks_above_check" CHECK (coalesce("withdrawal_setting"."kyc_above", 1) > 0 and coalesce("withdrawal_setting"."two_factor_above", 1) > 0);