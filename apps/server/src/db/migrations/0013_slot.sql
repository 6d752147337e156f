CREATE TABLE "slot_play_wallet" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	"refills" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_play_wallet_balance_check" CHECK ("slot_play_wallet"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slot_round" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"seed_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"money" text NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"line_bet" bigint NOT NULL,
	"total_bet" bigint NOT NULL,
	"total_win" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"spins" jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_round_money_check" CHECK ("slot_round"."money" in ('real', 'demo', 'play')),
	CONSTRAINT "slot_round_amounts_check" CHECK ("slot_round"."line_bet" > 0 and "slot_round"."total_bet" > 0 and "slot_round"."total_win" >= 0 and "slot_round"."balance_after" >= 0),
	CONSTRAINT "slot_round_ledger_check" CHECK (("slot_round"."money" = 'play') = ("slot_round"."ledger_transaction_id" is null))
);
--> statement-breakpoint
CREATE TABLE "slot_seed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "slot_seed_nonce_check" CHECK ("slot_seed"."next_nonce" >= 0)
);
--> statement-breakpoint
ALTER TABLE "slot_play_wallet" ADD CONSTRAINT "slot_play_wallet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_round" ADD CONSTRAINT "slot_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_round" ADD CONSTRAINT "slot_round_seed_id_slot_seed_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."slot_seed"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_round" ADD CONSTRAINT "slot_round_ledger_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_seed" ADD CONSTRAINT "slot_seed_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_round_request_key" ON "slot_round" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_round_seed_nonce_key" ON "slot_round" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "slot_round_member_created_idx" ON "slot_round" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_seed_active_key" ON "slot_seed" USING btree ("member_id") WHERE "slot_seed"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "slot_seed_member_idx" ON "slot_seed" USING btree ("member_id","created_at");