-- Issue 29 item 2, decision 0015: member_id in the keys of every member-owned table, so the
-- tables could later be distributed by member. Primary keys become (id, member_id); a reference
-- from a member's row to another of the member's rows names (column, member_id) and the target's
-- (id, member_id), and a SET NULL clears only the reference (ON DELETE SET NULL (column),
-- PostgreSQL 15). Unique rules within one member's rows get member_id last (the lookups by their
-- first columns keep their index). Rules across members (one member per card fingerprint, a
-- network token, a transaction id, a confirmation number, a credit id, a staff member's
-- idempotency key) stay unique over the whole table. Table periods of a reservation carry its
-- member. Works on a database with data: every reference it changes must already name the same
-- member's row (the engine and services only ever write those), else the foreign key refuses it.
-- The references go first: a primary key cannot be dropped while a foreign key names it.
ALTER TABLE "bonus_awards" DROP CONSTRAINT "bonus_awards_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "dine_refunds" DROP CONSTRAINT "dine_refunds_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "dines" DROP CONSTRAINT "dines_card_id_member_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "flex_offers" DROP CONSTRAINT "flex_offers_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "member_rewards" DROP CONSTRAINT "member_rewards_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_reviews" DROP CONSTRAINT "merchant_reviews_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_reviews" DROP CONSTRAINT "merchant_reviews_member_reward_id_member_reward_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "parked_refunds" DROP CONSTRAINT "parked_refunds_card_id_member_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "parked_refunds" DROP CONSTRAINT "parked_refunds_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_card_id_member_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" DROP CONSTRAINT "reservation_table_blocks_reservation_id_reservations_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_adjustments" DROP CONSTRAINT "reward_adjustments_reward_id_member_reward_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_card_id_member_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_dine_id_dine_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_reward_id_member_reward_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "balance_entries" DROP CONSTRAINT "balance_entries_pkey";
--> statement-breakpoint
ALTER TABLE "bonus_awards" DROP CONSTRAINT "bonus_awards_pkey";
--> statement-breakpoint
ALTER TABLE "dine_ids" DROP CONSTRAINT "dine_ids_pkey";
--> statement-breakpoint
ALTER TABLE "dine_refunds" DROP CONSTRAINT "dine_refunds_pkey";
--> statement-breakpoint
ALTER TABLE "emulation_grants" DROP CONSTRAINT "emulation_grants_pkey";
--> statement-breakpoint
ALTER TABLE "flex_offers" DROP CONSTRAINT "flex_offers_pkey";
--> statement-breakpoint
ALTER TABLE "member_bonuses" DROP CONSTRAINT "member_bonuses_pkey";
--> statement-breakpoint
ALTER TABLE "member_cards" DROP CONSTRAINT "member_cards_pkey";
--> statement-breakpoint
ALTER TABLE "member_reward_ids" DROP CONSTRAINT "member_reward_ids_pkey";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";
--> statement-breakpoint
ALTER TABLE "parked_refunds" DROP CONSTRAINT "parked_refunds_pkey";
--> statement-breakpoint
ALTER TABLE "partner_cards" DROP CONSTRAINT "partner_cards_pkey";
--> statement-breakpoint
ALTER TABLE "partner_ledger_postings" DROP CONSTRAINT "partner_ledger_postings_pkey";
--> statement-breakpoint
ALTER TABLE "recovery_tokens" DROP CONSTRAINT "recovery_tokens_pkey";
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_pkey";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_pkey";
--> statement-breakpoint
ALTER TABLE "reward_adjustments" DROP CONSTRAINT "reward_adjustments_pkey";
--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_pkey";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "dine_ids" ADD CONSTRAINT "dine_ids_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "dine_refunds" ADD CONSTRAINT "dine_refunds_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "emulation_grants" ADD CONSTRAINT "emulation_grants_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "member_reward_ids" ADD CONSTRAINT "member_reward_ids_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "partner_cards" ADD CONSTRAINT "partner_cards_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "partner_ledger_postings" ADD CONSTRAINT "partner_ledger_postings_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pkey" PRIMARY KEY("id","member_id");
--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ADD COLUMN "member_id" integer;
--> statement-breakpoint
UPDATE "reservation_table_blocks" b SET "member_id" = r."member_id" FROM "reservations" r WHERE r."id" = b."reservation_id";
--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ALTER COLUMN "member_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dine_refunds" ADD CONSTRAINT "dine_refunds_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_card_id_member_fk" FOREIGN KEY ("card_id","member_id") REFERENCES "public"."member_cards"("id","member_id") ON DELETE SET NULL ("card_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_member_reward_id_member_fk" FOREIGN KEY ("member_reward_id","member_id") REFERENCES "public"."member_reward_ids"("id","member_id") ON DELETE SET NULL ("member_reward_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_card_id_member_fk" FOREIGN KEY ("card_id","member_id") REFERENCES "public"."member_cards"("id","member_id") ON DELETE SET NULL ("card_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_card_id_member_fk" FOREIGN KEY ("card_id","member_id") REFERENCES "public"."member_cards"("id","member_id") ON DELETE SET NULL ("card_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ADD CONSTRAINT "reservation_table_blocks_reservation_member_fk" FOREIGN KEY ("reservation_id","member_id") REFERENCES "public"."reservations"("id","member_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_reward_id_member_fk" FOREIGN KEY ("reward_id","member_id") REFERENCES "public"."member_reward_ids"("id","member_id") ON DELETE SET NULL ("reward_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_card_id_member_fk" FOREIGN KEY ("card_id","member_id") REFERENCES "public"."member_cards"("id","member_id") ON DELETE SET NULL ("card_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_dine_id_member_fk" FOREIGN KEY ("dine_id","member_id") REFERENCES "public"."dine_ids"("id","member_id") ON DELETE SET NULL ("dine_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_id_member_fk" FOREIGN KEY ("reward_id","member_id") REFERENCES "public"."member_reward_ids"("id","member_id") ON DELETE SET NULL ("reward_id") ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "balance_entries_redemption_uq";
--> statement-breakpoint
DROP INDEX "flex_offers_reward_uq";
--> statement-breakpoint
DROP INDEX "member_reward_ids_settle_uq";
--> statement-breakpoint
DROP INDEX "notifications_kind_subject_uq";
--> statement-breakpoint
DROP INDEX "partner_ledger_postings_reward_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_redemption_uq" ON "balance_entries" USING btree ("redemption_id","kind","member_id") WHERE redemption_id is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "flex_offers_reward_uq" ON "flex_offers" USING btree ("reward_id","member_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "member_reward_ids_settle_uq" ON "member_reward_ids" USING btree ("settle_dine_id","member_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_kind_subject_uq" ON "notifications" USING btree ("kind","subject_id","member_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_ledger_postings_reward_uq" ON "partner_ledger_postings" USING btree ("reward_id","member_id");
