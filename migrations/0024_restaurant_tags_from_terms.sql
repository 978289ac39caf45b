ALTER TABLE "merchants" DROP COLUMN "bonus_text";--> statement-breakpoint
ALTER TABLE "merchants" DROP COLUMN "offer_tag";