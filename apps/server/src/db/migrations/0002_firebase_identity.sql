CREATE TABLE "member_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_identity_provider_check" CHECK ("member_identity"."provider" in ('google.com', 'facebook.com', 'phone')),
	CONSTRAINT "member_identity_subject_check" CHECK (char_length("member_identity"."subject") between 1 and 128)
);
--> statement-breakpoint
ALTER TABLE "member_identity" ADD CONSTRAINT "member_identity_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_identity" ADD CONSTRAINT "member_identity_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_identity_merchant_provider_subject_key" ON "member_identity" USING btree ("merchant_code","provider","subject");--> statement-breakpoint
CREATE INDEX "member_identity_member_idx" ON "member_identity" USING btree ("member_id");