CREATE TABLE "email_verification_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_verification_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sms_code" DROP CONSTRAINT "sms_code_purpose_check";--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_token" ADD CONSTRAINT "email_verification_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_token_member_idx" ON "email_verification_token" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_purpose_check" CHECK ("sms_code"."purpose" in ('register', 'login', 'resetPassword', 'changeMobile'));