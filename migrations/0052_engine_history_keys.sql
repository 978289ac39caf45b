-- The rewards engine writes its new dines and their S rewards with their key rows (0048) in the
-- same statement, as sets (card-network.repo.ts insertDines): through the key triggers, one row
-- at a time, the key rows cost about a quarter of that statement on the embedded database, the
-- engine's costliest. For that one statement the engine sets app.history_keys to 'statement'
-- (local to its transaction, and set back after it); the insert triggers then leave the key rows
-- to it. Every other writer (the sweep, bonuses, the console, the seed, scripts, tests) goes on
-- through the triggers. The foreign keys from the history to its key rows stay as they were, so
-- a dine or reward written without its key row is refused either way.
DROP TRIGGER "dines_key_insert" ON "dines";--> statement-breakpoint
CREATE TRIGGER "dines_key_insert" BEFORE INSERT ON "dines" FOR EACH ROW
  WHEN (current_setting('app.history_keys', true) IS DISTINCT FROM 'statement') EXECUTE FUNCTION "dines_key"();--> statement-breakpoint
DROP TRIGGER "member_rewards_key_insert" ON "member_rewards";--> statement-breakpoint
CREATE TRIGGER "member_rewards_key_insert" BEFORE INSERT ON "member_rewards" FOR EACH ROW
  WHEN (current_setting('app.history_keys', true) IS DISTINCT FROM 'statement') EXECUTE FUNCTION "member_rewards_key"();
