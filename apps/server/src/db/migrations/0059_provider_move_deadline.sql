-- A signed bet or win in one statement (docs/decisions/070-provider-replay-window.md): the request's nonce taken,
-- the wallet's deadline for its game type set, then provider_move as before. One round trip, as the move was
-- before nonces and deadlines.
-- - The deadline is the lock timeout of the statement's own transaction: a wait for a row another transaction
--   holds (the member's balance, the round, a copy's nonce) longer than it ends the statement with
--   lock_not_available (55P03), nothing written.
-- - The nonce (none when the caller took it already) is inserted first; a copy of a request within its window
--   finds it and answers NONCE_REPLAYED. A movement provider_move refuses (SQLSTATE class KL) is caught in a
--   block of its own, so that the nonce stays taken and the refusal is answered as a row: the copy of a stake
--   refused for want of money is refused again once the money is there.
CREATE OR REPLACE FUNCTION "provider_move_within"(
  p_deadline_ms integer, p_nonce text, p_nonce_expires timestamptz,
  p_kind text, p_merchant text, p_provider text, p_provider_sealed text, p_transaction text,
  p_session uuid, p_member uuid, p_round text, p_amount bigint, p_currency text, p_digest text,
  p_refusal text, p_check_exclusion boolean, p_round_closed boolean, p_ledger_key text, p_reference text,
  p_memo jsonb, p_game jsonb, p_trial_type integer, p_default_percent integer, p_now timestamptz,
  OUT outcome text, OUT ledger_transaction_id bigint, OUT balance bigint, OUT repeat_kind text,
  OUT repeat_digest text, OUT repeat_answer jsonb, OUT refusal_code text, OUT refusal_reason text
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('lock_timeout', p_deadline_ms::text, true);
  IF p_nonce IS NOT NULL THEN
    INSERT INTO "provider_nonce" ("merchant_code", "provider_code", "nonce", "expires_at")
    VALUES (p_merchant, p_provider, p_nonce, p_nonce_expires)
    ON CONFLICT ("merchant_code", "provider_code", "nonce") DO UPDATE SET "expires_at" = excluded."expires_at"
      WHERE "provider_nonce"."expires_at" < p_now;
    IF NOT FOUND THEN
      outcome := 'NONCE_REPLAYED';
      RETURN;
    END IF;
  END IF;
  BEGIN
    SELECT m.outcome, m.ledger_transaction_id, m.balance, m.repeat_kind, m.repeat_digest, m.repeat_answer
      INTO outcome, ledger_transaction_id, balance, repeat_kind, repeat_digest, repeat_answer
      FROM "provider_move"(p_kind, p_merchant, p_provider, p_provider_sealed, p_transaction, p_session, p_member,
        p_round, p_amount, p_currency, p_digest, p_refusal, p_check_exclusion, p_round_closed, p_ledger_key,
        p_reference, p_memo, p_game, p_trial_type, p_default_percent, p_now) m;
  EXCEPTION WHEN OTHERS THEN
    IF SQLSTATE NOT LIKE 'KL%' THEN
      RAISE;
    END IF;
    outcome := 'REFUSED_BY_DATABASE';
    refusal_code := SQLSTATE;
    refusal_reason := SQLERRM;
  END;
END
$$;
