CREATE TABLE "slot_jackpot_pool" (
	"merchant_code" text NOT NULL,
	"machine_id" text NOT NULL,
	"money" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_jackpot_pool_merchant_code_machine_id_money_pk" PRIMARY KEY("merchant_code","machine_id","money"),
	CONSTRAINT "slot_jackpot_pool_amount_check" CHECK ("slot_jackpot_pool"."amount" >= 0),
	CONSTRAINT "slot_jackpot_pool_money_check" CHECK ("slot_jackpot_pool"."money" in ('real', 'demo', 'play'))
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_owner_check";--> statement-breakpoint
ALTER TABLE "slot_round" DROP CONSTRAINT "slot_round_amounts_check";--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "slot_machine" text;--> statement-breakpoint
ALTER TABLE "slot_round" ADD COLUMN "machine_id" text DEFAULT 'golden-dragon' NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_round" ADD COLUMN "jackpot_win" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_check" CHECK ("ledger_account"."kind" in ('available', 'held', 'deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments', 'agent_commissions', 'jackpot'));--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_owner_check" CHECK (("ledger_account"."member_id" is not null and "ledger_account"."kind" in ('available', 'held') and not "ledger_account"."allow_negative")
        or ("ledger_account"."member_id" is null and "ledger_account"."kind" in ('deposit_clearing', 'withdrawal_clearing', 'bets', 'wins', 'bonuses', 'trial_funding', 'adjustments', 'agent_commissions', 'jackpot')));--> statement-breakpoint
ALTER TABLE "slot_round" ADD CONSTRAINT "slot_round_amounts_check" CHECK ("slot_round"."line_bet" > 0 and "slot_round"."total_bet" > 0 and "slot_round"."total_win" >= "slot_round"."jackpot_win" and "slot_round"."jackpot_win" >= 0 and "slot_round"."balance_after" >= 0);--> statement-breakpoint
-- The in-house slot studio (docs/decisions/061-slot-studio.md): each in-house slot title opens one machine of
-- the studio, in turn by its place in the catalogue (the first keeps Rồng Vàng), as a new catalogue assigns
-- them.
UPDATE "game" g SET "slot_machine" = (ARRAY['golden-dragon', 'lucky-sevens', 'jade-garden', 'gem-cascade', 'golden-koi',
    'treasure-ship'])[1 + (o.place - 1) % 6]
  FROM (SELECT "id", row_number() OVER (PARTITION BY "merchant_code" ORDER BY "node_id"::bigint) AS place
          FROM "game" WHERE "vassalage" = 'BGS' AND "game_type" = 'RNG') o
 WHERE g."id" = o."id";--> statement-breakpoint
DROP FUNCTION "slot_spin"(text, uuid, uuid, text, uuid, integer, text, text, jsonb, bigint, bigint, bigint, jsonb, text,
                          boolean, integer, integer, timestamptz);--> statement-breakpoint
-- A round keeps its machine (from the call's game), and a progressive jackpot's machine feeds its pool and
-- pays it (the pool's row, its house account, the round's jackpot_win). The result gains jackpot_win and the
-- pool after the round (null on other machines), so the function is made again; otherwise it is that of 0048_slot_round_memo.
CREATE FUNCTION "slot_spin"(
  p_merchant text, p_member uuid, p_round uuid, p_request_key text, p_seed uuid, p_nonce integer,
  p_money text, p_currency text, p_game jsonb, p_line_bet bigint, p_stake bigint, p_payout bigint,
  p_spins jsonb, p_ledger_key text, p_record boolean, p_trial_type integer, p_default_percent integer, p_now timestamptz,
  OUT outcome text, OUT ledger_transaction_id bigint, OUT balance bigint, OUT jackpot_win bigint,
  OUT jackpot_pool bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_client_seed text;
  v_post record;
  v_inserted uuid;
  v_game_round uuid;
  v_machine text := p_game ->> 'machineId';
  v_contribution bigint := coalesce((p_game ->> 'jackpotContribution')::bigint, 0);
  v_refs text[];
  v_deltas bigint[];
  v_won bigint;
BEGIN
  jackpot_win := 0;
  -- The nonce the outcome was drawn with, on the seed it was drawn from: another spin that took it first,
  -- or a rotated seed, sends the caller to draw again.
  UPDATE "slot_seed" s SET "next_nonce" = s."next_nonce" + 1
   WHERE s."id" = p_seed AND s."member_id" = p_member AND s."revealed_at" IS NULL AND s."next_nonce" = p_nonce
  RETURNING s."client_seed" INTO v_client_seed;
  IF NOT FOUND THEN
    outcome := 'SEED_MOVED';
    RETURN;
  END IF;
  -- A progressive jackpot's machine: the stake's share goes to its pool, and a round showing the jackpot's
  -- symbols takes the whole pool (this stake's share included); the pool starts again from nothing.
  IF p_game ? 'jackpotContribution' THEN
    INSERT INTO "slot_jackpot_pool" AS j ("merchant_code", "machine_id", "money", "amount", "updated_at")
    VALUES (p_merchant, v_machine, p_money, v_contribution, p_now)
    ON CONFLICT ("merchant_code", "machine_id", "money")
      DO UPDATE SET "amount" = j."amount" + EXCLUDED."amount", "updated_at" = EXCLUDED."updated_at"
    RETURNING j."amount" INTO v_won;
    IF (p_game ->> 'jackpotWon')::boolean THEN
      UPDATE "slot_jackpot_pool" j SET "amount" = 0, "wins" = j."wins" + 1
       WHERE j."merchant_code" = p_merchant AND j."machine_id" = v_machine AND j."money" = p_money;
      jackpot_win := v_won;
    END IF;
    jackpot_pool := v_won - jackpot_win;
  END IF;
  -- The stake out and the payout in, one transaction (a game round of the ledger): the jackpot's share of
  -- the stake into its house account, the pool won out of it.
  v_refs := ARRAY['member:available', 'house:bets'];
  v_deltas := ARRAY[-p_stake, p_stake - v_contribution];
  IF v_contribution > 0 THEN
    v_refs := v_refs || 'house:jackpot'::text;
    v_deltas := v_deltas || v_contribution;
  END IF;
  IF p_payout > 0 THEN
    v_refs := v_refs || ARRAY['house:wins', 'member:available'];
    v_deltas := v_deltas || ARRAY[-p_payout, p_payout];
  END IF;
  IF jackpot_win > 0 THEN
    v_refs := v_refs || ARRAY['house:jackpot', 'member:available'];
    v_deltas := v_deltas || ARRAY[-jackpot_win, jackpot_win];
  END IF;
  SELECT * INTO v_post FROM ledger_post(
    p_merchant, p_member, p_ledger_key, 'game_round', p_stake, p_payout + jackpot_win, p_currency, 'any',
    p_ledger_key,
    jsonb_build_object('game', p_game ->> 'gameId', 'gameName', p_game ->> 'gameName', 'round', p_round::text,
                       'nonce', p_nonce, 'lineBet', p_line_bet)
      || CASE WHEN jackpot_win > 0 THEN jsonb_build_object('jackpotWin', jackpot_win) ELSE '{}'::jsonb END,
    NULL, p_now, p_trial_type, v_refs, v_deltas);
  IF v_post.replayed THEN
    RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'KEY_TAKEN';
  END IF;
  ledger_transaction_id := v_post.transaction_id;
  balance := v_post.available_after;
  IF NOT v_post.demo THEN
    -- The turnover's locked money, as after the stake (before the payout).
    PERFORM wagering_clamp(p_member, v_post.available_after - p_payout - jackpot_win, p_now);
  END IF;
  INSERT INTO "slot_round" ("id", "merchant_code", "member_id", "request_key", "seed_id", "nonce", "client_seed",
                            "money", "game_id", "game_name", "machine_id", "line_bet", "total_bet", "total_win",
                            "jackpot_win", "balance_after", "spins", "ledger_transaction_id", "created_at")
  VALUES (p_round, p_merchant, p_member, p_request_key, p_seed, p_nonce, v_client_seed, p_money,
          p_game ->> 'gameId', p_game ->> 'gameName', v_machine, p_line_bet, p_stake, p_payout + jackpot_win,
          jackpot_win, balance, p_spins, ledger_transaction_id, p_now)
  ON CONFLICT ("member_id", "request_key") DO NOTHING
  RETURNING "id" INTO v_inserted;
  IF v_inserted IS NULL THEN
    -- Another request with the same key got there first: everything is undone, the caller answers that one.
    RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'KEY_TAKEN';
  END IF;
  IF p_record THEN
    -- The round's game record, settled at once, and its stake toward the member's turnover.
    INSERT INTO "game_round" ("merchant_code", "member_id", "vendor_code", "round_key", "game_id", "node_id",
                              "game_type", "game_name", "currency", "stake", "payout", "status",
                              "bet_transaction_id", "settle_transaction_id", "created_at", "settled_at")
    VALUES (p_merchant, p_member, p_game ->> 'vendorCode', p_ledger_key, p_game ->> 'gameId', p_game ->> 'nodeId',
            p_game ->> 'gameType', p_game ->> 'gameName', p_currency, p_stake, p_payout + jackpot_win, 'settled',
            ledger_transaction_id, ledger_transaction_id, p_now, p_now)
    ON CONFLICT ("merchant_code", "vendor_code", "round_key", "member_id") DO NOTHING
    RETURNING "id" INTO v_game_round;
    IF v_game_round IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'IDEMPOTENCY_CONFLICT';
    END IF;
    PERFORM wagering_round_settled(v_game_round, p_merchant, p_member, p_game ->> 'gameType', p_stake,
                                   p_payout + jackpot_win, p_default_percent, p_now);
  END IF;
  outcome := 'OK';
END $$;
