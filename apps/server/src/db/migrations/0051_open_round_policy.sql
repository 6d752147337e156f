ALTER TABLE "game_provider" ADD COLUMN "open_round_action" text DEFAULT 'settle' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "open_round_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "game_round_open_idx" ON "game_round" USING btree ("merchant_code","vendor_code","created_at") WHERE "game_round"."status" = 'open';--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_open_round_action_check" CHECK ("game_provider"."open_round_action" in ('settle', 'void'));--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_open_round_hours_check" CHECK ("game_provider"."open_round_hours" between 1 and 720);