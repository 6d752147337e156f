CREATE TABLE "game_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"vendor_code" text NOT NULL,
	"round_key" text NOT NULL,
	"game_id" text NOT NULL,
	"node_id" text NOT NULL,
	"game_type" text NOT NULL,
	"game_name" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"bet_transaction_id" bigint,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_round_status_check" CHECK ("game_round"."status" in ('open', 'settled', 'cancelled')),
	CONSTRAINT "game_round_game_type_check" CHECK ("game_round"."game_type" in ('RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT')),
	CONSTRAINT "game_round_amounts_check" CHECK ("game_round"."stake" >= 0 and "game_round"."payout" >= 0),
	CONSTRAINT "game_round_settled_check" CHECK (("game_round"."status" = 'open') = ("game_round"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_bet_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("bet_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_settle_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_round_key" ON "game_round" USING btree ("merchant_code","vendor_code","round_key");--> statement-breakpoint
CREATE INDEX "game_round_member_created_idx" ON "game_round" USING btree ("member_id","created_at");