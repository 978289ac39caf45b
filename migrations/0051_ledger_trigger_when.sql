-- The cash-back ledger's trigger (0040; on the partitioned member_rewards since 0048) fires only
-- for a row whose status is or was Awarded or Paid. For any other row its function wrote nothing
-- (the row's amount in the ledger is 0 before and after), but every call still cost a PL/pgSQL
-- call and a queued after-trigger event: one for each new purchase the rewards engine writes,
-- most of them Pending. The same function, the same rows written to balance_entries.
DROP TRIGGER "member_rewards_ledger" ON "member_rewards";--> statement-breakpoint
CREATE TRIGGER "member_rewards_ledger_insert" AFTER INSERT ON "member_rewards" FOR EACH ROW
  WHEN (NEW."status" IN ('Awarded', 'Paid')) EXECUTE FUNCTION "member_rewards_to_ledger"();--> statement-breakpoint
CREATE TRIGGER "member_rewards_ledger_update" AFTER UPDATE OF "status", "amount" ON "member_rewards" FOR EACH ROW
  WHEN (OLD."status" IN ('Awarded', 'Paid') OR NEW."status" IN ('Awarded', 'Paid')) EXECUTE FUNCTION "member_rewards_to_ledger"();
