CREATE TABLE "sandbox_pragmatic_launch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"symbol" text NOT NULL,
	"language" text NOT NULL,
	"lobby_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"player_id" text,
	"currency" text,
	CONSTRAINT "sandbox_pragmatic_launch_token_unique" UNIQUE("token")
);
