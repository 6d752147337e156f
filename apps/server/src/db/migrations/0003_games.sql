CREATE TABLE "game" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"node_id" text NOT NULL,
	"game_id" text NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"vendor_code" text NOT NULL,
	"room_id" text,
	"node_name" text NOT NULL,
	"game_name" text NOT NULL,
	"game_code" text NOT NULL,
	"game_group_id" text,
	"lotto_mode" text,
	"display_name" text NOT NULL,
	"game_classify" text NOT NULL,
	"classify_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"support_play" smallint NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"min_bet" integer NOT NULL,
	"min_line" integer NOT NULL,
	"sort_rank" integer NOT NULL,
	"hot_rank" integer,
	"name_search" text NOT NULL,
	"name_trigrams" text[] NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_type_check" CHECK ("game"."game_type" in ('RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT')),
	CONSTRAINT "game_support_play_check" CHECK ("game"."support_play" in (0, 1)),
	CONSTRAINT "game_min_bet_check" CHECK ("game"."min_bet" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_favourite" (
	"member_id" uuid NOT NULL,
	"game_row_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourite_member_id_game_row_id_pk" PRIMARY KEY("member_id","game_row_id")
);
--> statement-breakpoint
CREATE TABLE "game_launch_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"game_row_id" bigint,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"prize_mode" text,
	"play_type" text,
	"support_play" smallint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "game_launch_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "game_recent" (
	"member_id" uuid NOT NULL,
	"game_row_id" bigint NOT NULL,
	"client_type" smallint NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_recent_member_id_game_row_id_pk" PRIMARY KEY("member_id","game_row_id")
);
--> statement-breakpoint
CREATE TABLE "game_vendor" (
	"merchant_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_category" text NOT NULL,
	"display_name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"colour" text NOT NULL,
	"configured" boolean DEFAULT true NOT NULL,
	CONSTRAINT "game_vendor_merchant_code_vassalage_game_category_pk" PRIMARY KEY("merchant_code","vassalage","game_category"),
	CONSTRAINT "game_vendor_category_check" CHECK ("game_vendor"."game_category" in ('RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'))
);
--> statement-breakpoint
CREATE TABLE "game_win" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_win_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"game_row_id" bigint NOT NULL,
	"game_type" text NOT NULL,
	"customer_name" text NOT NULL,
	"win_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"won_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_win_amount_check" CHECK ("game_win"."win_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourite" ADD CONSTRAINT "game_favourite_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourite" ADD CONSTRAINT "game_favourite_game_row_id_game_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD CONSTRAINT "game_launch_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD CONSTRAINT "game_launch_token_game_row_id_game_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent" ADD CONSTRAINT "game_recent_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent" ADD CONSTRAINT "game_recent_game_row_id_game_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_vendor" ADD CONSTRAINT "game_vendor_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_win" ADD CONSTRAINT "game_win_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_win" ADD CONSTRAINT "game_win_game_row_id_game_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_merchant_node_key" ON "game" USING btree ("merchant_code","node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_merchant_game_id_key" ON "game" USING btree ("merchant_code","game_id");--> statement-breakpoint
CREATE INDEX "game_type_vendor_rank_idx" ON "game" USING btree ("merchant_code","game_type","vassalage","sort_rank");--> statement-breakpoint
CREATE INDEX "game_type_rank_idx" ON "game" USING btree ("merchant_code","game_type","sort_rank");--> statement-breakpoint
CREATE INDEX "game_rank_idx" ON "game" USING btree ("merchant_code","sort_rank");--> statement-breakpoint
CREATE INDEX "game_new_rank_idx" ON "game" USING btree ("merchant_code","sort_rank") WHERE "game"."is_new";--> statement-breakpoint
CREATE INDEX "game_top_rank_idx" ON "game" USING btree ("merchant_code","sort_rank") WHERE "game"."is_top";--> statement-breakpoint
CREATE INDEX "game_hot_idx" ON "game" USING btree ("merchant_code","hot_rank") WHERE "game"."hot_rank" is not null;--> statement-breakpoint
CREATE INDEX "game_classify_tags_idx" ON "game" USING gin ("classify_tags");--> statement-breakpoint
CREATE INDEX "game_name_trigrams_idx" ON "game" USING gin ("name_trigrams");--> statement-breakpoint
CREATE INDEX "game_favourite_member_created_idx" ON "game_favourite" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_launch_token_expires_idx" ON "game_launch_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "game_recent_member_played_idx" ON "game_recent" USING btree ("member_id","last_played_at");--> statement-breakpoint
CREATE INDEX "game_vendor_category_idx" ON "game_vendor" USING btree ("merchant_code","game_category","sort_order");--> statement-breakpoint
CREATE INDEX "game_win_merchant_won_idx" ON "game_win" USING btree ("merchant_code","won_at");--> statement-breakpoint
CREATE INDEX "game_win_type_won_idx" ON "game_win" USING btree ("merchant_code","game_type","won_at");