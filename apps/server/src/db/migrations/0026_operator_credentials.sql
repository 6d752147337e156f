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
ALTER TABLE "operator" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "credentials_issued_by" uuid;--> statement-breakpoint
-- Hand-written: an operator made in the back office before invitations got the password its creator chose,
-- so its creator counts as the holder of its credentials (docs/decisions/033-operator-credentials.md).
UPDATE "operator" SET "credentials_issued_by" = "created_by" WHERE "created_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_issued_by_operator_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_request" ADD CONSTRAINT "operator_request_requested_by_operator_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_request" ADD CONSTRAINT "operator_request_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_invitation_operator_idx" ON "operator_invitation" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_request_pending_key" ON "operator_request" USING btree ("merchant_code","kind","target") WHERE "operator_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_request_status_idx" ON "operator_request" USING btree ("merchant_code","status","requested_at");