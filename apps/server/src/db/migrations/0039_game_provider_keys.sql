ALTER TABLE "game_provider" ADD COLUMN "key_created_at" timestamp with time zone;--> statement-breakpoint
-- A key from before was (re)written with its row at its last save: that is when it was set, at the latest.
UPDATE "game_provider" SET "key_created_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "game_provider" ALTER COLUMN "key_created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "key_origin" text DEFAULT 'environment' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "api_url" text;--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_key_origin_check" CHECK ("game_provider"."key_origin" in ('environment', 'back_office'));--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_previous_secret_check" CHECK (("game_provider"."previous_secret" is null) = ("game_provider"."previous_secret_until" is null)
        and ("game_provider"."previous_secret" is null or length("game_provider"."previous_secret") >= 32));--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_api_url_check" CHECK ("game_provider"."api_url" ~ '^https?://');
