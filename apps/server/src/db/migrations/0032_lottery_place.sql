-- A lottery bet's writes are one call (docs/decisions/038-money-functions.md): the member's exposure on each
-- number and on the draw, each within its limit; the ledger's bet and the turnover rules that follow it; the
-- bet's row; and its open round in the game records. The draw (held for share), the game and the odds are
-- read by the service first, in the same transaction; a limit passed is answered, not raised, and the
-- service then undoes the transaction with its refusal.
CREATE FUNCTION "lottery_place"(
  p_merchant text, p_member uuid, p_bet uuid, p_draw uuid, p_game uuid, p_keys text[], p_limits bigint[],
  p_stake bigint, p_draw_key text, p_draw_limit bigint, p_amount bigint, p_currency text, p_memo jsonb,
  p_bet_type text, p_prize_mode text, p_selections jsonb, p_points integer, p_price bigint, p_payouts jsonb,
  p_request_key text, p_ledger_key text, p_record jsonb, p_trial_type integer, p_now timestamptz,
  OUT outcome text, OUT limit_at integer, OUT bet_transaction_id bigint, OUT available_after bigint,
  OUT demo boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_i integer;
  v_post record;
  v_round uuid;
BEGIN
  -- Each number's exposure, in the order given (the keys' order, so that two bets of one member never
  -- wait on each other's rows in a cycle), then the draw's total.
  FOR v_i IN 1 .. coalesce(cardinality(p_keys), 0) LOOP
    IF p_stake > p_limits[v_i] THEN
      outcome := 'LIMIT_NUMBER';
      limit_at := v_i;
      RETURN;
    END IF;
    INSERT INTO "lottery_exposure" ("draw_id", "member_id", "selection_key", "amount")
    VALUES (p_draw, p_member, p_keys[v_i], p_stake)
    ON CONFLICT ("draw_id", "member_id", "selection_key") DO UPDATE
      SET "amount" = "lottery_exposure"."amount" + excluded."amount"
      WHERE "lottery_exposure"."amount" + excluded."amount" <= p_limits[v_i];
    IF NOT FOUND THEN
      outcome := 'LIMIT_NUMBER';
      limit_at := v_i;
      RETURN;
    END IF;
  END LOOP;
  IF p_amount > p_draw_limit THEN
    outcome := 'LIMIT_DRAW';
    RETURN;
  END IF;
  INSERT INTO "lottery_exposure" ("draw_id", "member_id", "selection_key", "amount")
  VALUES (p_draw, p_member, p_draw_key, p_amount)
  ON CONFLICT ("draw_id", "member_id", "selection_key") DO UPDATE
    SET "amount" = "lottery_exposure"."amount" + excluded."amount"
    WHERE "lottery_exposure"."amount" + excluded."amount" <= p_draw_limit;
  IF NOT FOUND THEN
    outcome := 'LIMIT_DRAW';
    RETURN;
  END IF;

  SELECT * INTO v_post FROM ledger_post(p_merchant, p_member, p_ledger_key, 'bet', p_amount, NULL, p_currency, 'any',
                        p_ledger_key, p_memo, NULL, p_now, p_trial_type,
                        ARRAY['member:available', 'house:bets'], ARRAY[-p_amount, p_amount]);
  IF v_post.replayed THEN
    RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'KEY_TAKEN';
  END IF;
  bet_transaction_id := v_post.transaction_id;
  available_after := v_post.available_after;
  demo := v_post.demo;
  IF NOT v_post.demo THEN
    PERFORM wagering_clamp(p_member, v_post.available_after, p_now);
  END IF;

  -- The request key is unique per member: a copy of this request that came first fails this one here
  -- (lottery_bet_request_key), and the service answers that one.
  INSERT INTO "lottery_bet" ("id", "merchant_code", "member_id", "draw_id", "game_id", "bet_type", "prize_mode",
                             "selections", "points", "price_per_point", "payouts", "amount", "request_key",
                             "demo", "status", "bet_transaction_id", "created_at")
  VALUES (p_bet, p_merchant, p_member, p_draw, p_game, p_bet_type, p_prize_mode, p_selections, p_points, p_price,
          p_payouts, p_amount, p_request_key, v_post.demo, 'open', v_post.transaction_id, p_now);

  IF p_record IS NOT NULL THEN
    INSERT INTO "game_round" ("merchant_code", "member_id", "vendor_code", "round_key", "game_id", "node_id",
                              "game_type", "game_name", "currency", "stake", "payout", "status",
                              "bet_transaction_id", "created_at")
    VALUES (p_merchant, p_member, p_record ->> 'vendorCode', p_bet::text, p_record ->> 'gameId',
            p_record ->> 'nodeId', p_record ->> 'gameType', p_record ->> 'gameName', p_currency, p_amount, 0,
            'open', v_post.transaction_id, p_now)
    ON CONFLICT ("merchant_code", "vendor_code", "round_key", "member_id") DO NOTHING
    RETURNING "id" INTO v_round;
    IF v_round IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'IDEMPOTENCY_CONFLICT';
    END IF;
  END IF;
  outcome := 'OK';
END $$;
