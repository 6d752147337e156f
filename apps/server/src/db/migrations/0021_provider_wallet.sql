CREATE TABLE "game_provider" (
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_provider_merchant_code_code_pk" PRIMARY KEY("merchant_code","code"),
	CONSTRAINT "game_provider_code_check" CHECK ("game_provider"."code" ~ '^[a-z0-9][a-z0-9_-]{1,31}$'),
	CONSTRAINT "game_provider_secret_check" CHECK (length("game_provider"."secret") >= 32)
);
--> statement-breakpoint
CREATE TABLE "provider_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"game_type" text NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"node_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"authenticated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_session_game_type_check" CHECK ("provider_session"."game_type" in ('RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT')),
	CONSTRAINT "provider_session_authenticated_check" CHECK (("provider_session"."authenticated_at" is null) = ("provider_session"."expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "provider_transaction" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"round_id" text,
	"bet_transaction_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_digest" text,
	"answer" jsonb,
	"ledger_transaction_id" bigint,
	"rolled_back_by" text,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_transaction_kind_check" CHECK ("provider_transaction"."kind" in ('bet', 'win', 'rollback', 'void_bet')),
	CONSTRAINT "provider_transaction_amount_check" CHECK ("provider_transaction"."amount" >= 0 and ("provider_transaction"."kind" <> 'bet' or "provider_transaction"."amount" > 0)
        and ("provider_transaction"."kind" <> 'void_bet' or "provider_transaction"."amount" = 0)),
	CONSTRAINT "provider_transaction_ledger_check" CHECK (("provider_transaction"."ledger_transaction_id" is not null) = ("provider_transaction"."amount" > 0)),
	CONSTRAINT "provider_transaction_round_check" CHECK ("provider_transaction"."kind" not in ('bet', 'win') or "provider_transaction"."round_id" is not null),
	CONSTRAINT "provider_transaction_rollback_check" CHECK (("provider_transaction"."kind" = 'rollback') = ("provider_transaction"."bet_transaction_id" is not null)),
	CONSTRAINT "provider_transaction_answer_check" CHECK (("provider_transaction"."kind" = 'void_bet') = ("provider_transaction"."request_digest" is null)
        and ("provider_transaction"."request_digest" is null) = ("provider_transaction"."answer" is null)),
	CONSTRAINT "provider_transaction_rolled_back_check" CHECK (("provider_transaction"."rolled_back_by" is null or "provider_transaction"."kind" in ('bet', 'void_bet'))
        and ("provider_transaction"."kind" <> 'void_bet' or "provider_transaction"."rolled_back_by" is not null)
        and ("provider_transaction"."rolled_back_by" is null) = ("provider_transaction"."rolled_back_at" is null))
);
--> statement-breakpoint
DROP INDEX "game_round_key";--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_session" ADD CONSTRAINT "provider_session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_session" ADD CONSTRAINT "provider_session_provider_fk" FOREIGN KEY ("merchant_code","provider_code") REFERENCES "public"."game_provider"("merchant_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_session_id_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_ledger_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_provider_fk" FOREIGN KEY ("merchant_code","provider_code") REFERENCES "public"."game_provider"("merchant_code","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_session_token_key" ON "provider_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provider_session_member_idx" ON "provider_session" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transaction_key" ON "provider_transaction" USING btree ("merchant_code","provider_code","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transaction_ledger_key" ON "provider_transaction" USING btree ("ledger_transaction_id") WHERE "provider_transaction"."ledger_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "provider_transaction_round_idx" ON "provider_transaction" USING btree ("merchant_code","provider_code","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_round_key" ON "game_round" USING btree ("merchant_code","vendor_code","round_key","member_id");