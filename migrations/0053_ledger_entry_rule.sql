-- The cash-back ledger's rule, written once: what entry a change of a reward writes to
-- balance_entries (decision 0011). Read by the ledger's trigger (0040, 0051), and by the rewards
-- engine's statement of new dines on the embedded database, which runs without row triggers and
-- writes the same entries as a set (card-network.repo.ts, insertDinesChecked). A reward counts in
-- the balance while it is Awarded or Paid; an entry is the change of that amount, of a Dollar or
-- Credit partner only; a reward that was not in the balance before (a new one: was_status null)
-- is 'earned', one that leaves it 'reversed', any other change 'changed'. No row: no entry.
-- A SQL function of one SELECT, so the planner inlines it into the engine's statement.
CREATE FUNCTION "ledger_entry"("partner" integer, "was_status" text, "was_amount" integer, "now_status" text, "now_amount" integer)
RETURNS TABLE ("amount_cents" integer, "kind" text) LANGUAGE sql STABLE AS $$
  SELECT c."delta",
    CASE WHEN "was_status" IS NULL OR "was_status" NOT IN ('Awarded', 'Paid') THEN 'earned'
      WHEN "now_status" NOT IN ('Awarded', 'Paid') THEN 'reversed' ELSE 'changed' END
  FROM (SELECT (CASE WHEN "now_status" IN ('Awarded', 'Paid') THEN "now_amount" ELSE 0 END)
    - (CASE WHEN "was_status" IN ('Awarded', 'Paid') THEN "was_amount" ELSE 0 END) AS "delta") c
  WHERE c."delta" <> 0
    AND EXISTS (SELECT 1 FROM "partners" p WHERE p."id" = "partner" AND p."currency_type"::text IN ('Dollar', 'Credit'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_rewards_to_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_status text; -- null for a new reward
  was_amount integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN was_status := OLD."status"; was_amount := OLD."amount"; END IF;
  INSERT INTO "balance_entries" ("partner_id", "member_id", "amount_cents", "kind", "reward_id")
  SELECT NEW."partner_id", NEW."member_id", e."amount_cents", e."kind", NEW."id"
  FROM "ledger_entry"(NEW."partner_id", was_status, was_amount, NEW."status", NEW."amount") e;
  RETURN NULL;
END;
$$;
