-- A slot round's ledger memo names the game and the round (docs/decisions/060-history-game-names.md): the
-- member's transaction history shows them instead of the ledger's reference. The function is otherwise
-- that of 0031_slot_spin.
CREATE OR REPLACE FUNCTION "slot_spin"(
  p_merchant text, p_member uuid, p_round uuid, p_request_key text, p_seed uuid, p_nonce integer,
  p_money text, p_currency text, p_game jsonb, p_line_bet bigint, p_stake bigint, p_payout bigint,
  p_spins jsonb, p_ledger_key text, p_record boolean, p_trial_type integer, p_default_percent integer, p_now timestamptz,
  OUT outcome text, OUT ledger_transaction_id bigint, OUT balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_client_seed text;
  v_post record;
  v_inserted uuid;
  v_game_round uuid;
BEGIN
  -- The nonce the outcome was drawn with, on the seed it was drawn from: another spin that took it first,
  -- or a rotated seed, sends the caller to draw again.
  UPDATE "slot_seed" s SET "next_nonce" = s."next_nonce" + 1
   WHERE s."id" = p_seed AND s."member_id" = p_member AND s."revealed_at" IS NULL AND s."next_nonce" = p_nonce
  RETURNING s."client_seed" INTO v_client_seed;
  IF NOT FOUND THEN
    outcome := 'SEED_MOVED';
    RETURN;
  END IF;
  -- The stake out and the payout in, one transaction (a game round of the ledger).
  SELECT * INTO v_post FROM ledger_post(
    p_merchant, p_member, p_ledger_key, 'game_round', p_stake, p_payout, p_currency, 'any', p_ledger_key,
    jsonb_build_object('game', p_game ->> 'gameId', 'gameName', p_game ->> 'gameName', 'round', p_round::text,
                       'nonce', p_nonce, 'lineBet', p_line_bet), NULL, p_now,
    p_trial_type,
    CASE WHEN p_payout > 0 THEN ARRAY['member:available', 'house:bets', 'house:wins', 'member:available']
         ELSE ARRAY['member:available', 'house:bets'] END,
    CASE WHEN p_payout > 0 THEN ARRAY[-p_stake, p_stake, -p_payout, p_payout]
         ELSE ARRAY[-p_stake, p_stake] END);
  IF v_post.replayed THEN
    RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'KEY_TAKEN';
  END IF;
  ledger_transaction_id := v_post.transaction_id;
  balance := v_post.available_after;
  IF NOT v_post.demo THEN
    -- The turnover's locked money, as after the stake (before the payout).
    PERFORM wagering_clamp(p_member, v_post.available_after - p_payout, p_now);
  END IF;
  INSERT INTO "slot_round" ("id", "merchant_code", "member_id", "request_key", "seed_id", "nonce", "client_seed",
                            "money", "game_id", "game_name", "line_bet", "total_bet", "total_win", "balance_after",
                            "spins", "ledger_transaction_id", "created_at")
  VALUES (p_round, p_merchant, p_member, p_request_key, p_seed, p_nonce, v_client_seed, p_money,
          p_game ->> 'gameId', p_game ->> 'gameName', p_line_bet, p_stake, p_payout, balance, p_spins,
          ledger_transaction_id, p_now)
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
            p_game ->> 'gameType', p_game ->> 'gameName', p_currency, p_stake, p_payout, 'settled',
            ledger_transaction_id, ledger_transaction_id, p_now, p_now)
    ON CONFLICT ("merchant_code", "vendor_code", "round_key", "member_id") DO NOTHING
    RETURNING "id" INTO v_game_round;
    IF v_game_round IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'IDEMPOTENCY_CONFLICT';
    END IF;
    PERFORM wagering_round_settled(v_game_round, p_merchant, p_member, p_game ->> 'gameType', p_stake, p_payout,
                                   p_default_percent, p_now);
  END IF;
  outcome := 'OK';
END $$;
