-- The money path's writes as database functions (docs/decisions/038-money-functions.md): the ledger's post,
-- the turnover rules that follow it, and a game provider's bet and win are each one call, one round trip.
-- A refusal raises an error of class KL (its message is the reason); the call's work is undone with it.
--
-- Account references: 'member:<kind>' (the member's account), 'house:<kind>' (the merchant's) or the
-- account's id in digits (a reversal names the accounts of the transaction it undoes).

CREATE FUNCTION "ledger_accounts"(
  p_merchant text, p_member uuid, p_currency text, p_demo boolean, p_refs text[], p_now timestamptz
) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  v_house text[] := '{}';
  v_names text[];
  v_found bigint[];
  v_ids bigint[] := '{}';
  v_ref text;
  v_at integer;
  v_pass integer;
BEGIN
  FOREACH v_ref IN ARRAY p_refs LOOP
    IF v_ref LIKE 'house:%' THEN
      v_house := v_house || substr(v_ref, 7);
    END IF;
  END LOOP;
  FOR v_pass IN 1 .. 2 LOOP
    -- The member's accounts and the house accounts named, as references.
    SELECT array_agg(CASE WHEN a."member_id" IS NULL THEN 'house:' ELSE 'member:' END || a."kind"), array_agg(a."id")
      INTO v_names, v_found
      FROM "ledger_account" a
     WHERE a."merchant_code" = p_merchant AND a."currency" = p_currency AND a."demo" = p_demo
       AND (a."member_id" = p_member OR (a."member_id" IS NULL AND a."kind" = ANY (v_house)));
    v_ids := '{}';
    FOREACH v_ref IN ARRAY p_refs LOOP
      IF v_ref ~ '^[0-9]+$' THEN
        v_ids := v_ids || v_ref::bigint;
      ELSE
        v_at := array_position(v_names, v_ref);
        EXIT WHEN v_at IS NULL;
        v_ids := v_ids || v_found[v_at];
      END IF;
    END LOOP;
    IF cardinality(v_ids) = cardinality(p_refs) THEN
      RETURN v_ids;
    END IF;
    EXIT WHEN v_pass = 2;
    -- The missing ones: the house accounts named and the member's two, in one statement and a fixed order
    -- (house accounts first, then by kind), so that concurrent first uses never wait on each other in a cycle.
    INSERT INTO "ledger_account" ("merchant_code", "member_id", "kind", "currency", "demo", "allow_negative",
                                  "created_at", "updated_at")
    SELECT p_merchant, k.member_id, k.kind, p_currency, p_demo, k.member_id IS NULL, p_now, p_now
      FROM (SELECT DISTINCT NULL::uuid AS member_id, h AS kind, 0 AS side FROM unnest(v_house) h
            UNION ALL SELECT p_member, m, 1 FROM unnest(ARRAY['available', 'held']) m) k
     ORDER BY k.side, k.kind
    ON CONFLICT ON CONSTRAINT "ledger_account_owner_key" DO NOTHING;
  END LOOP;
  RAISE EXCEPTION 'ledger accounts % are missing', p_refs;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_member_demo"(p_merchant text, p_member uuid, p_trial_type integer)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_merchant text;
  v_type integer;
BEGIN
  SELECT m."merchant_code", m."type" INTO v_merchant, v_type FROM "member" m WHERE m."id" = p_member;
  IF v_merchant IS DISTINCT FROM p_merchant THEN
    RAISE EXCEPTION USING ERRCODE = 'KL404', MESSAGE = 'MEMBER_NOT_FOUND';
  END IF;
  RETURN v_type = p_trial_type;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_post"(
  p_merchant text, p_member uuid, p_key text, p_kind text, p_amount bigint, p_payout bigint, p_currency text,
  p_members text, p_reference text, p_memo jsonb, p_reverses bigint, p_now timestamptz, p_trial_type integer,
  p_refs text[], p_deltas bigint[],
  OUT transaction_id bigint, OUT replayed boolean, OUT demo boolean, OUT available_after bigint,
  OUT held_after bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  v_after bigint[];
  v_balance bigint;
  v_kind text;
  v_owner uuid;
  v_i integer;
BEGIN
  -- The key first: the same key again answers the first transaction (the caller compares what it asked).
  SELECT t."id", t."demo" INTO transaction_id, demo FROM "ledger_transaction" t
   WHERE t."merchant_code" = p_merchant AND t."idempotency_key" = p_key;
  IF FOUND THEN
    replayed := true;
    RETURN;
  END IF;
  demo := ledger_member_demo(p_merchant, p_member, p_trial_type);
  IF p_members = 'real' AND demo THEN
    RAISE EXCEPTION USING ERRCODE = 'KL403', MESSAGE = 'ACTUAL_ACCOUNT_REQUIRED';
  ELSIF p_members = 'demo' AND NOT demo THEN
    RAISE EXCEPTION USING ERRCODE = 'KL400', MESSAGE = 'TRIAL_ONLY';
  END IF;
  -- Claim the key. A concurrent post of the same key waits here and then finds it taken.
  INSERT INTO "ledger_transaction" ("merchant_code", "idempotency_key", "kind", "member_id", "amount", "payout",
                                    "currency", "demo", "reference", "memo", "reverses_transaction_id", "created_at")
  VALUES (p_merchant, p_key, p_kind, p_member, p_amount, p_payout, p_currency, demo, p_reference, p_memo,
          p_reverses, p_now)
  ON CONFLICT ("merchant_code", "idempotency_key") DO NOTHING
  RETURNING "id" INTO transaction_id;
  IF transaction_id IS NULL THEN
    SELECT t."id", t."demo" INTO transaction_id, demo FROM "ledger_transaction" t
     WHERE t."merchant_code" = p_merchant AND t."idempotency_key" = p_key;
    replayed := true;
    RETURN;
  END IF;
  replayed := false;
  v_ids := ledger_accounts(p_merchant, p_member, p_currency, demo, p_refs, p_now);
  v_after := array_fill(NULL::bigint, ARRAY[cardinality(v_ids)]);
  -- One conditional UPDATE per entry, in account order (entries of one account in their own order), so
  -- that two transactions never wait on each other's rows in a cycle; a refused debit undoes the call.
  --
  -- A house account's entry is written without its balance after, which `ledger_house_at_commit` changes
  -- when the transaction commits (migration 0029): every bet of every member changes the same house
  -- account, and the shorter its row is held, the more members play at once.
  FOR v_i IN SELECT u.ord FROM unnest(v_ids) WITH ORDINALITY u(id, ord) ORDER BY u.id, u.ord LOOP
    IF p_refs[v_i] LIKE 'house:%' THEN
      CONTINUE;
    ELSIF p_refs[v_i] NOT LIKE 'member:%' THEN
      PERFORM 1 FROM "ledger_account" a WHERE a."id" = v_ids[v_i] AND a."member_id" IS NULL;
      CONTINUE WHEN FOUND;
    END IF;
    UPDATE "ledger_account" a SET "balance" = a."balance" + p_deltas[v_i], "updated_at" = p_now
     WHERE a."id" = v_ids[v_i] AND (a."allow_negative" OR a."balance" + p_deltas[v_i] >= 0)
    RETURNING a."balance", a."kind", a."member_id" INTO v_balance, v_kind, v_owner;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KL402', MESSAGE = 'INSUFFICIENT_BALANCE';
    END IF;
    v_after[v_i] := v_balance;
    -- The member's balance after the transaction: its last entry's on the account (a round has two).
    IF v_owner = p_member AND v_kind = 'available' THEN
      available_after := v_balance;
    ELSIF v_owner = p_member AND v_kind = 'held' THEN
      held_after := v_balance;
    END IF;
  END LOOP;
  INSERT INTO "ledger_entry" ("transaction_id", "account_id", "amount", "balance_after", "created_at")
  SELECT transaction_id, u.id, u.delta, u.after, p_now
    FROM unnest(v_ids, p_deltas, v_after) WITH ORDINALITY u(id, delta, after, ord)
   ORDER BY u.ord;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_hold"(
  p_merchant text, p_member uuid, p_currency text, p_refs text[], p_now timestamptz, p_trial_type integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_demo boolean;
  v_id bigint;
BEGIN
  -- The member's accounts of the post (created with the house accounts when missing), in account order as a
  -- post takes them; the house accounts are changed at commit only and need no holding.
  v_demo := ledger_member_demo(p_merchant, p_member, p_trial_type);
  FOR v_id IN SELECT DISTINCT u.id
                FROM unnest(ledger_accounts(p_merchant, p_member, p_currency, v_demo, p_refs, p_now), p_refs) u(id, ref)
               WHERE u.ref LIKE 'member:%' ORDER BY u.id LOOP
    UPDATE "ledger_account" SET "updated_at" = p_now WHERE "id" = v_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "wagering_clamp"(p_member uuid, p_available bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_excess bigint;
  v_row record;
  v_bonus bigint;
  v_deposit bigint;
BEGIN
  -- Shrinks the running locks, oldest first and bonus before deposit, to what the balance still holds.
  SELECT coalesce(sum(s."locked_bonus" + s."locked_deposit"), 0) - p_available INTO v_excess
    FROM (SELECT r."locked_bonus", r."locked_deposit" FROM "wagering_requirement" r
           WHERE r."member_id" = p_member AND r."status" = 'active' ORDER BY r."id" FOR UPDATE) s;
  IF v_excess <= 0 THEN
    RETURN;
  END IF;
  FOR v_row IN SELECT r."id", r."locked_bonus", r."locked_deposit" FROM "wagering_requirement" r
                WHERE r."member_id" = p_member AND r."status" = 'active' ORDER BY r."id" LOOP
    EXIT WHEN v_excess <= 0;
    v_bonus := least(v_row."locked_bonus", v_excess);
    v_deposit := least(v_row."locked_deposit", v_excess - v_bonus);
    CONTINUE WHEN v_bonus + v_deposit = 0;
    UPDATE "wagering_requirement"
       SET "locked_bonus" = "locked_bonus" - v_bonus, "locked_deposit" = "locked_deposit" - v_deposit,
           "updated_at" = p_now
     WHERE "id" = v_row."id";
    v_excess := v_excess - v_bonus - v_deposit;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "wagering_round_settled"(
  p_round uuid, p_merchant text, p_member uuid, p_game_type text, p_stake bigint, p_payout bigint,
  p_default_percent integer, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_percent integer;
  v_amount bigint;
  v_progress bigint;
  v_bonus integer;
  v_contributions jsonb;
BEGIN
  -- The stake's share counts toward every running requirement (once per round and requirement); reached
  -- ones unlock; the payout is locked with the oldest bonus still running.
  IF p_stake <= 0 THEN
    RETURN;
  END IF;
  FOR v_row IN SELECT r."id", r."required", r."progress", r."bonus_transaction_id" FROM "wagering_requirement" r
                WHERE r."member_id" = p_member AND r."status" = 'active' ORDER BY r."id" FOR UPDATE LOOP
    IF v_percent IS NULL THEN
      SELECT s."contributions" INTO v_contributions FROM "wagering_setting" s WHERE s."merchant_code" = p_merchant;
      v_percent := coalesce((v_contributions -> 'categories' ->> p_game_type)::integer,
                            (v_contributions ->> 'default')::integer, p_default_percent);
      v_amount := (p_stake * v_percent) / 100;
    END IF;
    INSERT INTO "wagering_progress" ("requirement_id", "round_id", "percent", "amount", "created_at")
    VALUES (v_row."id", p_round, v_percent, v_amount, p_now) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      IF v_bonus IS NULL AND v_row."bonus_transaction_id" IS NOT NULL THEN
        v_bonus := v_row."id";
      END IF;
      CONTINUE;
    END IF;
    v_progress := v_row."progress" + v_amount;
    IF v_progress >= v_row."required" THEN
      UPDATE "wagering_requirement"
         SET "progress" = v_progress, "status" = 'met', "locked_bonus" = 0, "locked_deposit" = 0,
             "updated_at" = p_now, "closed_at" = p_now
       WHERE "id" = v_row."id";
    ELSE
      UPDATE "wagering_requirement" SET "progress" = v_progress, "updated_at" = p_now WHERE "id" = v_row."id";
      IF v_bonus IS NULL AND v_row."bonus_transaction_id" IS NOT NULL THEN
        v_bonus := v_row."id";
      END IF;
    END IF;
  END LOOP;
  IF v_bonus IS NOT NULL AND p_payout > 0 THEN
    UPDATE "wagering_requirement" SET "locked_bonus" = "locked_bonus" + p_payout, "updated_at" = p_now
     WHERE "id" = v_bonus;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "provider_move"(
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
      PERFORM 1 FROM "game_round" g
       WHERE g."merchant_code" = p_merchant AND g."vendor_code" = p_provider AND g."round_key" = p_round
         AND g."member_id" = p_member;
      IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KL410', MESSAGE = 'GAME_ROUND_CLOSED';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'KL404', MESSAGE = 'ROUND_NOT_FOUND';
    END IF;
    IF v_round."status" = 'settled' AND v_round."stake" > 0 THEN
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
