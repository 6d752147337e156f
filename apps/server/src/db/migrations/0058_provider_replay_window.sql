CREATE TABLE "provider_nonce" (
	"merchant_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_nonce_merchant_code_provider_code_nonce_pk" PRIMARY KEY("merchant_code","provider_code","nonce")
);
--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "report_url" text;--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_report_url_check" CHECK ("game_provider"."report_url" ~ '^https?://');