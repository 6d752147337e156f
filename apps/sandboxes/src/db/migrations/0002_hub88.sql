CREATE TABLE "sandbox_hub88_launch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"lang" text NOT NULL,
	"lobby_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "sandbox_hub88_launch_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "sandbox_free_rounds" ADD COLUMN "operator_reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_free_rounds" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_wallet_call_round_idx" ON "sandbox_wallet_call" USING btree ("wallet_session_id","round_id");--> statement-breakpoint
ALTER TABLE "sandbox_free_rounds" ADD CONSTRAINT "sandbox_free_rounds_operator_reference_unique" UNIQUE("operator_reference");