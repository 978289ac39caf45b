ALTER TABLE "merchants" ADD COLUMN "earn_multiplier" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_earn_multiplier" CHECK ("merchants"."earn_multiplier" between 1 and 5);--> statement-breakpoint
-- A '2X' or '3X' tag was a multiplier the engine never paid: it becomes one it pays (rules/rewards/policy.ts).
UPDATE "merchants" SET "earn_multiplier" = CASE "bonus_text" WHEN '2X' THEN 2 ELSE 3 END WHERE "bonus_text" IN ('2X', '3X');