CREATE TABLE "lottery_bet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"bet_type" text NOT NULL,
	"prize_mode" text NOT NULL,
	"selections" jsonb NOT NULL,
	"points" integer NOT NULL,
	"price_per_point" bigint NOT NULL,
	"payouts" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"request_key" text NOT NULL,
	"demo" boolean NOT NULL,
	"status" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bet_transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bet_status_check" CHECK ("lottery_bet"."status" in ('open', 'won', 'lost', 'cancelled')),
	CONSTRAINT "lottery_bet_amounts_check" CHECK ("lottery_bet"."points" >= 1 and "lottery_bet"."amount" > 0 and "lottery_bet"."payout" >= 0),
	CONSTRAINT "lottery_bet_settled_check" CHECK (("lottery_bet"."status" = 'open') = ("lottery_bet"."settled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_catalogue_link" (
	"merchant_code" text NOT NULL,
	"catalogue_game_code" text NOT NULL,
	"lottery_game_id" uuid NOT NULL,
	CONSTRAINT "lottery_catalogue_link_merchant_code_catalogue_game_code_pk" PRIMARY KEY("merchant_code","catalogue_game_code")
);
--> statement-breakpoint
CREATE TABLE "lottery_draw" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"issue" text NOT NULL,
	"station" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_draw_status_check" CHECK ("lottery_draw"."status" in ('scheduled', 'drawn', 'settled')),
	CONSTRAINT "lottery_draw_close_check" CHECK ("lottery_draw"."close_at" <= "lottery_draw"."draw_at"),
	CONSTRAINT "lottery_draw_result_check" CHECK (("lottery_draw"."status" = 'scheduled') = ("lottery_draw"."result" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_exposure" (
	"draw_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"selection_key" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "lottery_exposure_draw_id_member_id_selection_key_pk" PRIMARY KEY("draw_id","member_id","selection_key"),
	CONSTRAINT "lottery_exposure_amount_check" CHECK ("lottery_exposure"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_game" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"category" text NOT NULL,
	"play_types" text[] NOT NULL,
	"schedule" text NOT NULL,
	"weekdays" integer[],
	"draw_time" text,
	"stations" jsonb,
	"interval_seconds" integer,
	"close_seconds" integer NOT NULL,
	"max_per_draw" bigint NOT NULL,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lottery_game_region_check" CHECK ("lottery_game"."region" in ('MB', 'MN', 'MT')),
	CONSTRAINT "lottery_game_category_check" CHECK ("lottery_game"."category" in ('LOTT', 'ELOTT')),
	CONSTRAINT "lottery_game_schedule_check" CHECK ("lottery_game"."schedule" in ('daily', 'interval')),
	CONSTRAINT "lottery_game_schedule_fields_check" CHECK (("lottery_game"."schedule" = 'daily' and "lottery_game"."weekdays" is not null and "lottery_game"."draw_time" is not null)
        or ("lottery_game"."schedule" = 'interval' and "lottery_game"."interval_seconds" > 0)),
	CONSTRAINT "lottery_game_close_check" CHECK ("lottery_game"."close_seconds" >= 0 and "lottery_game"."max_per_draw" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_odds" (
	"merchant_code" text NOT NULL,
	"prize_mode" text NOT NULL,
	"bet_type" text NOT NULL,
	"region" text NOT NULL,
	"pick" text NOT NULL,
	"price_per_point" bigint NOT NULL,
	"payout_per_point" bigint NOT NULL,
	"max_per_number" bigint NOT NULL,
	CONSTRAINT "lottery_odds_merchant_code_prize_mode_bet_type_region_pick_pk" PRIMARY KEY("merchant_code","prize_mode","bet_type","region","pick"),
	CONSTRAINT "lottery_odds_amounts_check" CHECK ("lottery_odds"."price_per_point" > 0 and "lottery_odds"."payout_per_point" > 0 and "lottery_odds"."max_per_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_draw_id_lottery_draw_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draw"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_game_id_lottery_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_game"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_bet_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("bet_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_settle_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_catalogue_link" ADD CONSTRAINT "lottery_catalogue_link_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_catalogue_link" ADD CONSTRAINT "lottery_catalogue_link_lottery_game_id_lottery_game_id_fk" FOREIGN KEY ("lottery_game_id") REFERENCES "public"."lottery_game"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD CONSTRAINT "lottery_draw_game_id_lottery_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_game"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_exposure" ADD CONSTRAINT "lottery_exposure_draw_id_lottery_draw_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draw"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_exposure" ADD CONSTRAINT "lottery_exposure_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_game" ADD CONSTRAINT "lottery_game_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_odds" ADD CONSTRAINT "lottery_odds_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bet_request_key" ON "lottery_bet" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "lottery_bet_member_created_idx" ON "lottery_bet" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_bet_draw_status_idx" ON "lottery_bet" USING btree ("draw_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draw_game_time" ON "lottery_draw" USING btree ("game_id","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draw_game_issue" ON "lottery_draw" USING btree ("game_id","issue");--> statement-breakpoint
CREATE INDEX "lottery_draw_status_time_idx" ON "lottery_draw" USING btree ("status","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_game_code" ON "lottery_game" USING btree ("merchant_code","code");