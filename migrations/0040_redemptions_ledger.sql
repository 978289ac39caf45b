CREATE TABLE "balance_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reward_id" bigint,
	"redemption_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"resource_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"credit_id" text NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"option" text DEFAULT 'statementCredit' NOT NULL,
	"delivery" text DEFAULT 'Card' NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"target_type" text NOT NULL,
	"target_label" text NOT NULL,
	"benefit_processor" text NOT NULL,
	"card_id" integer,
	"recipient_email" text,
	"status" text NOT NULL,
	"note" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"hold_reason" text,
	"released_at" timestamp with time zone,
	"released_by" text,
	"provider_order_id" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"received_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "auto_statement_credit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_entries_member" ON "balance_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_redemption_uq" ON "balance_entries" USING btree ("redemption_id","kind") WHERE redemption_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_credit_uq" ON "redemptions" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "redemptions_member" ON "redemptions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_member_key_uq" ON "redemptions" USING btree ("member_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "redemptions_to_send" ON "redemptions" USING btree ("next_attempt_at","id") WHERE status = 'pending' and (hold_reason is null or released_at is not null);--> statement-breakpoint
CREATE INDEX "redemptions_open" ON "redemptions" USING btree ("status","id") WHERE status in ('pending', 'pending_received');--> statement-breakpoint
CREATE INDEX "redemptions_partner_time" ON "redemptions" USING btree ("partner_id","created_at");--> statement-breakpoint
-- Statement credits become redemptions (automatic ones, the payout job's), ids and all.
INSERT INTO "redemptions" ("id", "credit_id", "partner_id", "member_id", "option", "delivery", "amount_cents", "target_type", "target_label", "benefit_processor", "status", "note", "automatic", "received_at", "finished_at", "created_at", "updated_at")
  SELECT "id", "credit_id", "partner_id", "member_id", 'statementCredit', 'Card', "amount_cents", "target_type", "target_label", "benefit_processor", "status", "note", true,
    CASE WHEN "status" <> 'pending' THEN "updated_at" END, CASE WHEN "status" IN ('completed', 'rejected', 'error') THEN "updated_at" END, "created_at", "updated_at"
  FROM "statement_credits";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('redemptions', 'id'), GREATEST((SELECT coalesce(max("id"), 0) FROM "redemptions"), 1));--> statement-breakpoint
-- The ledger starts from what is there: every reward of a cash-back partner in the balance (Awarded, or Paid by a credit), every credit's reservation, every give-back.
INSERT INTO "balance_entries" ("partner_id", "member_id", "amount_cents", "kind", "reward_id", "created_at")
  SELECT r."partner_id", r."member_id", r."amount", 'earned', r."id", r."created_at" FROM "member_rewards" r JOIN "partners" p ON p."id" = r."partner_id"
  WHERE p."currency_type"::text IN ('Dollar', 'Credit') AND r."status" IN ('Awarded', 'Paid') AND r."amount" <> 0;--> statement-breakpoint
INSERT INTO "balance_entries" ("partner_id", "member_id", "amount_cents", "kind", "redemption_id", "created_at")
  SELECT "partner_id", "member_id", -"amount_cents", 'redeemed', "id", "created_at" FROM "redemptions";--> statement-breakpoint
INSERT INTO "balance_entries" ("partner_id", "member_id", "amount_cents", "kind", "redemption_id", "created_at")
  SELECT "partner_id", "member_id", "amount_cents", 'returned', "id", "updated_at" FROM "redemptions" WHERE "status" IN ('rejected', 'error');--> statement-breakpoint
DROP TABLE "member_balances" CASCADE;--> statement-breakpoint
DROP TABLE "statement_credits" CASCADE;--> statement-breakpoint
CREATE FUNCTION "balance_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The balance ledger is append-only: % is refused.', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "balance_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "balance_entries" FOR EACH ROW EXECUTE FUNCTION "balance_entries_append_only"();--> statement-breakpoint
-- Every change of a cash-back reward that moves money in or out of the balance writes its entry, whichever code made it (decision 0011).
CREATE FUNCTION "member_rewards_to_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := 0;
  now_in integer := 0;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" IN ('Awarded', 'Paid') THEN was := OLD."amount"; END IF;
  IF NEW."status" IN ('Awarded', 'Paid') THEN now_in := NEW."amount"; END IF;
  IF now_in = was THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM "partners" p WHERE p."id" = NEW."partner_id" AND p."currency_type"::text IN ('Dollar', 'Credit')) THEN RETURN NULL; END IF;
  INSERT INTO "balance_entries" ("partner_id", "member_id", "amount_cents", "kind", "reward_id")
  VALUES (NEW."partner_id", NEW."member_id", now_in - was,
    CASE WHEN TG_OP = 'INSERT' OR OLD."status" NOT IN ('Awarded', 'Paid') THEN 'earned' WHEN NEW."status" NOT IN ('Awarded', 'Paid') THEN 'reversed' ELSE 'changed' END,
    NEW."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_rewards_ledger" AFTER INSERT OR UPDATE OF "status", "amount" ON "member_rewards" FOR EACH ROW EXECUTE FUNCTION "member_rewards_to_ledger"();