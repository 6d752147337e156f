ALTER TABLE "login_attempt" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "login_attempt" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "login_attempt_member_idx" ON "login_attempt" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "login_attempt" ADD CONSTRAINT "login_attempt_method_check" CHECK ("login_attempt"."method" in ('password', 'sms', 'social', 'register', 'trial'));--> statement-breakpoint
-- The login history (docs/product.md, "Account security"): a sign-in is kept by the session it starts, with
-- its member. The sessions started before are its first entries (their method was not recorded), and the
-- earlier success rows, which named only what was typed, give way to them; refusals stay as they are.
DELETE FROM "login_attempt" WHERE "succeeded" AND "member_id" IS NULL;--> statement-breakpoint
INSERT INTO "login_attempt" ("merchant_code", "account", "ip", "succeeded", "created_at", "member_id")
SELECT m."merchant_code", lower(m."username"), s."ip", true, s."created_at", s."member_id"
  FROM "member_session" s JOIN "member" m ON m."id" = s."member_id";
