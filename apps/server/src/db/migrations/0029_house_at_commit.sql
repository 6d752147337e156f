ALTER TABLE "ledger_entry" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entry_house_pending_idx" ON "ledger_entry" USING btree ("account_id","id") WHERE "ledger_entry"."balance_after" is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_house_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entry record;
  v_balance bigint;
BEGIN
  -- The house accounts' entries of the committing transaction (docs/decisions/038-money-functions.md): the
  -- first of them to come here changes the balances of all, in account order, so that two transactions
  -- committing at once take the shared rows in the same order; the others find none left. Entries of other
  -- transactions not committed yet are not visible here.
  FOR v_entry IN SELECT e."id", e."account_id", e."amount", e."created_at" FROM "ledger_entry" e
                  WHERE e."balance_after" IS NULL ORDER BY e."account_id", e."id" LOOP
    UPDATE "ledger_account" a SET "balance" = a."balance" + v_entry."amount", "updated_at" = v_entry."created_at"
     WHERE a."id" = v_entry."account_id" AND (a."allow_negative" OR a."balance" + v_entry."amount" >= 0)
    RETURNING a."balance" INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KL402', MESSAGE = 'INSUFFICIENT_BALANCE';
    END IF;
    UPDATE "ledger_entry" SET "balance_after" = v_balance WHERE "id" = v_entry."id";
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_entry_house_at_commit" ON "ledger_entry";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entry_house_at_commit" AFTER INSERT ON "ledger_entry"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."balance_after" IS NULL)
  EXECUTE FUNCTION "ledger_house_at_commit"();
