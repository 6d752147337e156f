ALTER TABLE "merchant" ADD COLUMN "session_idle_minutes" integer DEFAULT 10080 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "idle_minutes" integer DEFAULT 10080 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD CONSTRAINT "merchant_session_idle_check" CHECK ("merchant"."session_idle_minutes" between 5 and 10080);