ALTER TABLE "login_attempt" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "login_attempt_member_idx" ON "login_attempt" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "login_attempt" ADD CONSTRAINT "login_attempt_method_check" CHECK ("login_attempt"."method" in ('password', 'sms', 'social'));