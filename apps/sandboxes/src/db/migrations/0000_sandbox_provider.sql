CREATE TABLE "sandbox_fishing_shot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"cannon_cost" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"outcome" jsonb NOT NULL,
	"returned" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_match" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"home_id" text NOT NULL,
	"away_id" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"margin_bp" integer NOT NULL,
	"kick_off" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"score" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"player_name" text NOT NULL,
	"currency" text NOT NULL,
	"game_id" text NOT NULL,
	"demo" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_provider_session_wallet_session_id_unique" UNIQUE("wallet_session_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_slip" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"kind" text NOT NULL,
	"stake" bigint NOT NULL,
	"legs" jsonb NOT NULL,
	"first_kick_off" timestamp with time zone NOT NULL,
	"last_ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"returned" bigint,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_slip_status_check" CHECK ("sandbox_slip"."status" in ('pending', 'open', 'settled', 'cashed-out', 'rolled-back'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_slot_spin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"request_key" text NOT NULL,
	"line_bet" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"spins" jsonb NOT NULL,
	"returned" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_slot_spin_status_check" CHECK ("sandbox_slot_spin"."status" in ('pending', 'settled', 'rolled-back'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_table_bet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"returned" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_table_bet_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "sandbox_table_bet_status_check" CHECK ("sandbox_table_bet"."status" in ('pending', 'accepted', 'settled', 'rolled-back'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_table_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game" text NOT NULL,
	"seq" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"params" jsonb,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"outcome" jsonb,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_table_round_status_check" CHECK ("sandbox_table_round"."status" in ('betting', 'settling', 'settled'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_call" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"wallet_session_id" uuid NOT NULL,
	"round_id" text,
	"bet_transaction_id" text,
	"amount" bigint,
	"currency" text NOT NULL,
	"round_closed" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"called_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "sandbox_wallet_call_status_check" CHECK ("sandbox_wallet_call"."status" in ('pending', 'accepted', 'refused', 'unanswered'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_fishing_shot" ADD CONSTRAINT "sandbox_fishing_shot_session_id_sandbox_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_slip" ADD CONSTRAINT "sandbox_slip_session_id_sandbox_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_slot_spin" ADD CONSTRAINT "sandbox_slot_spin_session_id_sandbox_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_table_bet" ADD CONSTRAINT "sandbox_table_bet_round_id_sandbox_table_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."sandbox_table_round"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_table_bet" ADD CONSTRAINT "sandbox_table_bet_session_id_sandbox_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_match_ends_idx" ON "sandbox_match" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "sandbox_slip_player_idx" ON "sandbox_slip" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "sandbox_slip_status_idx" ON "sandbox_slip" USING btree ("status","last_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_slot_spin_request_key" ON "sandbox_slot_spin" USING btree ("session_id","request_key");--> statement-breakpoint
CREATE INDEX "sandbox_slot_spin_status_idx" ON "sandbox_slot_spin" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_table_bet_round_idx" ON "sandbox_table_bet" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_table_round_game_seq_key" ON "sandbox_table_round" USING btree ("game","seq");--> statement-breakpoint
CREATE INDEX "sandbox_table_round_due_idx" ON "sandbox_table_round" USING btree ("status","closes_at");--> statement-breakpoint
CREATE INDEX "sandbox_wallet_call_day_idx" ON "sandbox_wallet_call" USING btree ("called_at");--> statement-breakpoint
CREATE INDEX "sandbox_wallet_call_bet_idx" ON "sandbox_wallet_call" USING btree ("bet_transaction_id");