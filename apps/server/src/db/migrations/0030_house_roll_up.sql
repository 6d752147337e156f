-- The house accounts' balances are rolled up after their transactions commit, no longer as they commit
-- (docs/decisions/038-money-functions.md): the commit trigger held the row of `bets` (or `wins`) from the
-- trigger to the end of the commit, WAL flush included, so every bet of every member queued there.
DROP TRIGGER IF EXISTS "ledger_entry_house_at_commit" ON "ledger_entry";--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_house_at_commit"();--> statement-breakpoint
CREATE FUNCTION "ledger_house_roll_up"(p_limit integer DEFAULT 5000) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
  v_count integer;
  v_total bigint;
  v_last timestamptz;
  v_rolled integer := 0;
BEGIN
  -- Each house account with committed entries not rolled up yet (only a house account's entry is written
  -- without its balance after): its row is taken, or skipped when another roll-up has it; then up to
  -- p_limit of its entries get their balance after, in entry order, and the account the sum, in one
  -- statement each. House accounts may go negative, so nothing here can refuse; a post never waits here,
  -- since its foreign-key check takes a key-share lock, which this lock does not block.
  FOR v_account IN SELECT DISTINCT e."account_id" FROM "ledger_entry" e
                    WHERE e."balance_after" IS NULL ORDER BY 1 LOOP
    PERFORM 1 FROM "ledger_account" a WHERE a."id" = v_account AND a."member_id" IS NULL
      FOR NO KEY UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    WITH pending AS (
      SELECT e."id", e."amount", e."created_at", sum(e."amount") OVER (ORDER BY e."id") AS running
        FROM "ledger_entry" e
       WHERE e."account_id" = v_account AND e."balance_after" IS NULL
       ORDER BY e."id" LIMIT p_limit
    ), filled AS (
      UPDATE "ledger_entry" e SET "balance_after" = a."balance" + p."running"
        FROM pending p, "ledger_account" a
       WHERE e."id" = p."id" AND a."id" = v_account
      RETURNING p."amount", p."created_at"
    )
    SELECT count(*), coalesce(sum(f."amount"), 0), max(f."created_at") INTO v_count, v_total, v_last FROM filled f;
    IF v_count > 0 THEN
      UPDATE "ledger_account" a SET "balance" = a."balance" + v_total, "updated_at" = greatest(a."updated_at", v_last)
       WHERE a."id" = v_account;
      v_rolled := v_rolled + v_count;
    END IF;
  END LOOP;
  RETURN v_rolled;
END $$;
