-- Late wins (docs/decisions/063-late-provider-credits.md): a provider's win for a round that already ended
-- is paid into that round, once, instead of being refused GAME_ROUND_CLOSED. Bets into an ended round stay
-- refused. The function is otherwise that of 0028_money_functions.
CREATE OR REPLACE FUNCTION "provider_move"(
  p_kind text, p_merchant text, p_provider text, p_provider_sealed text, p_transaction text,
  p_session uuid, p_member uuid, p_round text, p_amount bigint, p_currency text, p_digest text,
  p_refusal text, p_check_exclusion boolean, p_round_closed boolean, p_ledger_key text, p_reference text,
  p_memo jsonb, p_game jsonb, p_trial_type integer, p_default_percent integer, p_now timestamptz,
  OUT outcome text, OUT ledger_transaction_id bigint, OUT balance bigint, OUT repeat_kind text,
  OUT repeat_digest text, OUT repeat_answer jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_member record;
  v_post record;
  v_round record;
  v_demo boolean;
  v_inserted bigint;
  v_bonus bigint;
BEGIN
  -- A provider changed since the caller read it (its key as stored, its switch) is read again.
  PERFORM 1 FROM "game_provider" p
   WHERE p."merchant_code" = p_merchant AND p."code" = p_provider AND p."secret" = p_provider_sealed
     AND p."enabled";
  IF NOT FOUND THEN
    outcome := 'PROVIDER_CHANGED';
    RETURN;
  END IF;
  -- A repeat answers the first answer, whatever the checks would say now.
  SELECT t."kind", t."request_digest", t."answer" INTO repeat_kind, repeat_digest, repeat_answer
    FROM "provider_transaction" t
   WHERE t."merchant_code" = p_merchant AND t."provider_code" = p_provider AND t."transaction_id" = p_transaction;
  IF FOUND THEN
    outcome := 'REPEAT';
    RETURN;
  END IF;
  IF p_refusal IS NOT NULL THEN
    outcome := p_refusal;
    RETURN;
  END IF;
  IF p_kind = 'bet' THEN
    SELECT m."merchant_code", m."disabled_at" INTO v_member FROM "member" m WHERE m."id" = p_member;
    IF NOT FOUND OR v_member."merchant_code" <> p_merchant OR v_member."disabled_at" IS NOT NULL THEN
      outcome := 'PLAYER_UNAVAILABLE';
      RETURN;
    END IF;
    IF p_check_exclusion THEN
      PERFORM 1 FROM "member_exclusion" e WHERE e."member_id" = p_member AND e."ends_at" > p_now;
      IF FOUND THEN
        outcome := 'EXCLUDED';
        RETURN;
      END IF;
    END IF;
    SELECT * INTO v_post FROM ledger_post(p_merchant, p_member, p_ledger_key, 'bet', p_amount, NULL, p_currency, 'any',
                          p_reference, p_memo, NULL, p_now, p_trial_type,
                          ARRAY['member:available', 'house:bets'], ARRAY[-p_amount, p_amount]);
    IF v_post.replayed THEN
      -- The same request, racing this one, came first: its row answers.
      RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'TRANSACTION_ID_TAKEN';
    END IF;
    IF NOT v_post.demo THEN
      PERFORM wagering_clamp(p_member, v_post.available_after, p_now);
    END IF;
    -- The first stake opens the round, the next ones add to it while it is open.
    INSERT INTO "game_round" ("merchant_code", "member_id", "vendor_code", "round_key", "game_id", "node_id",
                              "game_type", "game_name", "currency", "stake", "payout", "status",
                              "bet_transaction_id", "created_at")
    VALUES (p_merchant, p_member, p_provider, p_round, p_game ->> 'gameId', p_game ->> 'nodeId',
            p_game ->> 'gameType', p_game ->> 'gameName', p_currency, p_amount, 0, 'open',
            v_post.transaction_id, p_now)
    ON CONFLICT ("merchant_code", "vendor_code", "round_key", "member_id")
      DO UPDATE SET "stake" = "game_round"."stake" + excluded."stake" WHERE "game_round"."status" = 'open';
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KL410', MESSAGE = 'GAME_ROUND_CLOSED';
    END IF;
    ledger_transaction_id := v_post.transaction_id;
    balance := v_post.available_after;
  ELSE
    IF p_amount > 0 THEN
      SELECT * INTO v_post FROM ledger_post(p_merchant, p_member, p_ledger_key, 'win', p_amount, NULL, p_currency, 'any',
                            p_reference, p_memo, NULL, p_now, p_trial_type,
                            ARRAY['house:wins', 'member:available'], ARRAY[-p_amount, p_amount]);
      IF v_post.replayed THEN
        -- The same request, racing this one, came first: its row answers.
        RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'TRANSACTION_ID_TAKEN';
      END IF;
      ledger_transaction_id := v_post.transaction_id;
      balance := v_post.available_after;
    ELSE
      PERFORM ledger_hold(p_merchant, p_member, p_currency, ARRAY['house:wins', 'member:available'], p_now,
                          p_trial_type);
    END IF;
    -- The win into the member's open round; `p_round_closed` ends it at its sums too (cancelled when every
    -- stake was given back and nothing won), and its stakes then count toward the member's turnover.
    UPDATE "game_round" g
       SET "payout" = g."payout" + p_amount,
           "settle_transaction_id" = coalesce(ledger_transaction_id, g."settle_transaction_id"),
           "status" = CASE WHEN NOT p_round_closed THEN g."status"
                           WHEN g."stake" = 0 AND g."payout" + p_amount = 0 THEN 'cancelled' ELSE 'settled' END,
           "settled_at" = CASE WHEN p_round_closed THEN p_now ELSE g."settled_at" END
     WHERE g."merchant_code" = p_merchant AND g."vendor_code" = p_provider AND g."round_key" = p_round
       AND g."member_id" = p_member AND g."status" = 'open'
    RETURNING g."id", g."status", g."stake", g."payout", g."game_type" INTO v_round;
    IF NOT FOUND THEN
      -- A late win: the round ended before it came (a retried win, a resettlement). It is the member's
      -- money: paid into the ended round, once (its transaction id), which keeps its end. Its stakes counted
      -- toward turnover when it ended and do not count again; while a bonus runs, the late payout is locked
      -- with the oldest one, as the round's payout was.
      UPDATE "game_round" g
         SET "payout" = g."payout" + p_amount,
             "settle_transaction_id" = coalesce(g."settle_transaction_id", ledger_transaction_id),
             "status" = CASE WHEN g."status" = 'cancelled' AND p_amount > 0 THEN 'settled' ELSE g."status" END
       WHERE g."merchant_code" = p_merchant AND g."vendor_code" = p_provider AND g."round_key" = p_round
         AND g."member_id" = p_member
      RETURNING g."id", g."status", g."stake", g."payout", g."game_type" INTO v_round;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KL404', MESSAGE = 'ROUND_NOT_FOUND';
      END IF;
      IF p_amount > 0 AND v_round."stake" > 0 THEN
        SELECT r."id" INTO v_bonus FROM "wagering_requirement" r
         WHERE r."member_id" = p_member AND r."status" = 'active' AND r."bonus_transaction_id" IS NOT NULL
         ORDER BY r."id" LIMIT 1 FOR UPDATE;
        IF v_bonus IS NOT NULL THEN
          UPDATE "wagering_requirement" SET "locked_bonus" = "locked_bonus" + p_amount, "updated_at" = p_now
           WHERE "id" = v_bonus;
        END IF;
      END IF;
    ELSIF v_round."status" = 'settled' AND v_round."stake" > 0 THEN
      PERFORM wagering_round_settled(v_round."id", p_merchant, p_member, v_round."game_type", v_round."stake",
                                     v_round."payout", p_default_percent, p_now);
    END IF;
    IF balance IS NULL THEN
      v_demo := ledger_member_demo(p_merchant, p_member, p_trial_type);
      SELECT a."balance" INTO balance FROM "ledger_account" a
       WHERE a."merchant_code" = p_merchant AND a."member_id" = p_member AND a."kind" = 'available'
         AND a."currency" = p_currency AND a."demo" = v_demo;
    END IF;
  END IF;
  outcome := 'OK';
  -- The provider transaction's row last, with its answer; its key is the last word on a repeat.
  INSERT INTO "provider_transaction" ("merchant_code", "provider_code", "transaction_id", "kind", "session_id",
                                      "member_id", "round_id", "amount", "currency", "request_digest", "answer",
                                      "ledger_transaction_id", "created_at")
  VALUES (p_merchant, p_provider, p_transaction, p_kind, p_session, p_member, p_round, p_amount, p_currency,
          p_digest,
          jsonb_build_object('status', 'RS_OK', 'transactionId', p_transaction,
                             'operatorTransactionId', ledger_transaction_id::text, 'currency', p_currency,
                             'balance', coalesce(balance, 0)),
          ledger_transaction_id, p_now)
  ON CONFLICT ("merchant_code", "provider_code", "transaction_id") DO NOTHING
  RETURNING "id" INTO v_inserted;
  IF v_inserted IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KL409', MESSAGE = 'TRANSACTION_ID_TAKEN';
  END IF;
END $$;
