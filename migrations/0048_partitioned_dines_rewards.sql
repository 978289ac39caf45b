-- Issue 29 item 2, decision 0014: the dine and reward history partitioned by month, dines on
-- occurred_at and member_rewards on created_at, with member_id in their keys. A unique key of a
-- partitioned table must include the partition key, and a foreign key must reference a whole
-- unique key, so what must be unique across all months moves to two key tables, never
-- partitioned: dine_ids (the dine's id, its transaction ids) and member_reward_ids (the reward's
-- id, one S reward per dine). The tables that name a dine or a reward reference them, unchanged
-- in shape. Triggers of dines and member_rewards keep the key tables (a row's insert adds its key,
-- a delete removes it), whatever code path writes: no caller changes. Converts existing tables
-- with their data; the same SQL on PostgreSQL and PGlite.

-- create_month_partition (0047) again: when it moves rows the default partition caught into
-- their new month, it says so (app.partition_move), so that the key triggers' delete leaves the
-- moved rows' keys in place.
CREATE OR REPLACE FUNCTION "create_month_partition"(parent text, key text, month timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := date_trunc('month', month, 'UTC');
  hi timestamptz := ((date_trunc('month', month, 'UTC') AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  part text := parent || '_p' || to_char(date_trunc('month', month, 'UTC') AT TIME ZONE 'UTC', 'YYYY_MM');
  caught boolean;
BEGIN
  IF to_regclass(format('%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', parent || '_default', key, key) INTO caught USING lo, hi;
  IF NOT caught THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, lo, hi);
  ELSE
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
    PERFORM set_config('app.partition_move', 'on', true);
    EXECUTE format('WITH m AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM m', parent || '_default', key, key, part) USING lo, hi;
    PERFORM set_config('app.partition_move', 'off', true);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
  END IF;
  RETURN true;
END $$;--> statement-breakpoint
CREATE TABLE "dine_ids" (
	"id" bigint PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"transaction_id" text NOT NULL,
	"alias_transaction_id" text,
	CONSTRAINT "dine_ids_member_time_uq" UNIQUE("id","member_id","occurred_at")
);
--> statement-breakpoint
CREATE TABLE "member_reward_ids" (
	"id" bigint PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settle_dine_id" bigint,
	CONSTRAINT "member_reward_ids_member_time_uq" UNIQUE("id","member_id","created_at")
);
--> statement-breakpoint
-- The key tables have no foreign key to members of their own: each key row's history row has one
-- (cascade), and deleting that row deletes its key (the triggers below).
INSERT INTO "dine_ids" ("id", "partner_id", "member_id", "occurred_at", "transaction_id", "alias_transaction_id")
SELECT "id", "partner_id", "member_id", "occurred_at", "transaction_id", "alias_transaction_id" FROM "dines";--> statement-breakpoint
INSERT INTO "member_reward_ids" ("id", "partner_id", "member_id", "created_at", "settle_dine_id")
SELECT "id", "partner_id", "member_id", "created_at", CASE WHEN "source_code" = 'S' THEN "dine_id" END FROM "member_rewards";--> statement-breakpoint
CREATE UNIQUE INDEX "dine_ids_transaction_uq" ON "dine_ids" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_ids_alias_transaction_uq" ON "dine_ids" USING btree ("alias_transaction_id") WHERE alias_transaction_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reward_ids_settle_uq" ON "member_reward_ids" USING btree ("settle_dine_id");--> statement-breakpoint
ALTER TABLE "bonus_awards" DROP CONSTRAINT "bonus_awards_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "dine_refunds" DROP CONSTRAINT "dine_refunds_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "flex_offers" DROP CONSTRAINT "flex_offers_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "merchant_reviews" DROP CONSTRAINT "merchant_reviews_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "merchant_reviews" DROP CONSTRAINT "merchant_reviews_member_reward_id_member_rewards_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "parked_refunds" DROP CONSTRAINT "parked_refunds_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "reward_adjustments" DROP CONSTRAINT "reward_adjustments_reward_id_member_rewards_id_fk";--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_reward_id_member_rewards_id_fk";--> statement-breakpoint
ALTER TABLE "member_rewards" RENAME TO "member_rewards_unpartitioned";--> statement-breakpoint
ALTER TABLE "dines" RENAME TO "dines_unpartitioned";--> statement-breakpoint
ALTER TABLE "member_rewards_unpartitioned" DROP CONSTRAINT "member_rewards_dine_id_dines_id_fk";--> statement-breakpoint
ALTER TABLE "member_rewards_unpartitioned" DROP CONSTRAINT "member_rewards_pkey";--> statement-breakpoint
ALTER TABLE "dines_unpartitioned" DROP CONSTRAINT "dines_pkey";--> statement-breakpoint
DROP INDEX "dines_transaction_uq";--> statement-breakpoint
DROP INDEX "dines_alias_transaction_uq";--> statement-breakpoint
DROP INDEX "dines_member_time";--> statement-breakpoint
DROP INDEX "dines_card_merchant_time";--> statement-breakpoint
DROP INDEX "dines_pending";--> statement-breakpoint
DROP INDEX "dines_deferred";--> statement-breakpoint
DROP INDEX "dines_occurred";--> statement-breakpoint
DROP INDEX "member_rewards_member_time";--> statement-breakpoint
DROP INDEX "member_rewards_dine_settle_uq";--> statement-breakpoint
DROP INDEX "member_rewards_awarded";--> statement-breakpoint
CREATE TABLE "dines" (
	"id" bigint DEFAULT nextval('dines_id_seq'::regclass) NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer,
	"card_last_four" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"location_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"alias_transaction_id" text,
	"auth_code" text,
	"auth_amount_cents" integer,
	"cleared_amount_cents" integer,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer,
	"online_order" boolean DEFAULT false NOT NULL,
	"subtotal_cents" integer,
	"local_date" text NOT NULL,
	"local_minutes" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"status" text NOT NULL,
	"reason" text,
	"qualified" boolean DEFAULT false NOT NULL,
	"tier_at_dine" smallint,
	"rate" real,
	"reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dines_pkey" PRIMARY KEY("id","member_id","occurred_at")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"id" bigint DEFAULT nextval('member_rewards_id_seq'::regclass) NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"dine_id" bigint,
	"source_code" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"payout_ref" text,
	CONSTRAINT "member_rewards_pkey" PRIMARY KEY("id","member_id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE "dines_id_seq" OWNED BY "dines"."id";--> statement-breakpoint
ALTER SEQUENCE "member_rewards_id_seq" OWNED BY "member_rewards"."id";--> statement-breakpoint
CREATE TABLE "dines_default" PARTITION OF "dines" DEFAULT;--> statement-breakpoint
CREATE TABLE "member_rewards_default" PARTITION OF "member_rewards" DEFAULT;--> statement-breakpoint
-- A partition for each month of the existing rows, the last fourteen months (history sent late;
-- the demo's year, whose cards are linked 400 days back) and the next three.
SELECT "create_month_partition"('dines', 'occurred_at', m) FROM (
  SELECT DISTINCT date_trunc('month', "occurred_at", 'UTC') AS m FROM "dines_unpartitioned"
  UNION SELECT (g AT TIME ZONE 'UTC') FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '14 months', date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months', interval '1 month') AS g
) AS months ORDER BY m;--> statement-breakpoint
SELECT "create_month_partition"('member_rewards', 'created_at', m) FROM (
  SELECT DISTINCT date_trunc('month', "created_at", 'UTC') AS m FROM "member_rewards_unpartitioned"
  UNION SELECT (g AT TIME ZONE 'UTC') FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '14 months', date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months', interval '1 month') AS g
) AS months ORDER BY m;--> statement-breakpoint
INSERT INTO "dines" ("id", "partner_id", "member_id", "card_id", "card_last_four", "merchant_id", "location_id", "transaction_id", "alias_transaction_id", "auth_code",
  "auth_amount_cents", "cleared_amount_cents", "refunded_cents", "tip_cents", "online_order", "subtotal_cents", "local_date", "local_minutes", "occurred_at", "authorised_at",
  "cleared_at", "status", "reason", "qualified", "tier_at_dine", "rate", "reward", "created_at", "updated_at")
SELECT "id", "partner_id", "member_id", "card_id", "card_last_four", "merchant_id", "location_id", "transaction_id", "alias_transaction_id", "auth_code",
  "auth_amount_cents", "cleared_amount_cents", "refunded_cents", "tip_cents", "online_order", "subtotal_cents", "local_date", "local_minutes", "occurred_at", "authorised_at",
  "cleared_at", "status", "reason", "qualified", "tier_at_dine", "rate", "reward", "created_at", "updated_at" FROM "dines_unpartitioned";--> statement-breakpoint
INSERT INTO "member_rewards" ("id", "partner_id", "member_id", "dine_id", "source_code", "amount", "status", "reason", "description", "created_at", "updated_at", "paid_at", "payout_ref")
SELECT "id", "partner_id", "member_id", "dine_id", "source_code", "amount", "status", "reason", "description", "created_at", "updated_at", "paid_at", "payout_ref" FROM "member_rewards_unpartitioned";--> statement-breakpoint
DROP TABLE "member_rewards_unpartitioned";--> statement-breakpoint
DROP TABLE "dines_unpartitioned";--> statement-breakpoint
CREATE INDEX "dines_transaction" ON "dines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "dines_alias_transaction" ON "dines" USING btree ("alias_transaction_id") WHERE alias_transaction_id is not null;--> statement-breakpoint
CREATE INDEX "dines_member_time" ON "dines" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "dines_card_merchant_time" ON "dines" USING btree ("card_id","merchant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "dines_pending" ON "dines" USING btree ("status","authorised_at") WHERE status = 'Pending';--> statement-breakpoint
CREATE INDEX "dines_deferred" ON "dines" USING btree ("member_id","cleared_at") WHERE status = 'Deferred';--> statement-breakpoint
CREATE INDEX "dines_occurred" ON "dines" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "member_rewards_member_time" ON "member_rewards" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_rewards_dine_settle" ON "member_rewards" USING btree ("dine_id") WHERE source_code = 'S';--> statement-breakpoint
CREATE INDEX "member_rewards_awarded" ON "member_rewards" USING btree ("partner_id","status") WHERE status = 'Awarded';--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_id_fk" FOREIGN KEY ("id","member_id","occurred_at") REFERENCES "public"."dine_ids"("id","member_id","occurred_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_id_fk" FOREIGN KEY ("id","member_id","created_at") REFERENCES "public"."member_reward_ids"("id","member_id","created_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_refunds" ADD CONSTRAINT "dine_refunds_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_member_reward_id_member_reward_ids_id_fk" FOREIGN KEY ("member_reward_id") REFERENCES "public"."member_reward_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_reward_id_member_reward_ids_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_reward_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_dine_id_dine_ids_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dine_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_id_member_reward_ids_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_reward_ids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The key tables follow every write of the history, whichever code makes it.
CREATE FUNCTION "dines_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dine_ids" ("id", "partner_id", "member_id", "occurred_at", "transaction_id", "alias_transaction_id")
    VALUES (NEW."id", NEW."partner_id", NEW."member_id", NEW."occurred_at", NEW."transaction_id", NEW."alias_transaction_id");
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "dine_ids" SET "transaction_id" = NEW."transaction_id", "alias_transaction_id" = NEW."alias_transaction_id" WHERE "id" = NEW."id";
    RETURN NEW;
  END IF;
  IF current_setting('app.partition_move', true) IS DISTINCT FROM 'on' THEN
    DELETE FROM "dine_ids" WHERE "id" = OLD."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dines_key_insert" BEFORE INSERT ON "dines" FOR EACH ROW EXECUTE FUNCTION "dines_key"();--> statement-breakpoint
CREATE TRIGGER "dines_key_update" BEFORE UPDATE OF "transaction_id", "alias_transaction_id" ON "dines" FOR EACH ROW
  WHEN (OLD."transaction_id" IS DISTINCT FROM NEW."transaction_id" OR OLD."alias_transaction_id" IS DISTINCT FROM NEW."alias_transaction_id") EXECUTE FUNCTION "dines_key"();--> statement-breakpoint
CREATE TRIGGER "dines_key_delete" AFTER DELETE ON "dines" FOR EACH ROW EXECUTE FUNCTION "dines_key"();--> statement-breakpoint
CREATE FUNCTION "member_rewards_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_reward_ids" ("id", "partner_id", "member_id", "created_at", "settle_dine_id")
    VALUES (NEW."id", NEW."partner_id", NEW."member_id", NEW."created_at", CASE WHEN NEW."source_code" = 'S' THEN NEW."dine_id" END);
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "member_reward_ids" SET "settle_dine_id" = CASE WHEN NEW."source_code" = 'S' THEN NEW."dine_id" END WHERE "id" = NEW."id";
    RETURN NEW;
  END IF;
  IF current_setting('app.partition_move', true) IS DISTINCT FROM 'on' THEN
    DELETE FROM "member_reward_ids" WHERE "id" = OLD."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_rewards_key_insert" BEFORE INSERT ON "member_rewards" FOR EACH ROW EXECUTE FUNCTION "member_rewards_key"();--> statement-breakpoint
CREATE TRIGGER "member_rewards_key_update" BEFORE UPDATE OF "dine_id", "source_code" ON "member_rewards" FOR EACH ROW
  WHEN (OLD."dine_id" IS DISTINCT FROM NEW."dine_id" OR OLD."source_code" IS DISTINCT FROM NEW."source_code") EXECUTE FUNCTION "member_rewards_key"();--> statement-breakpoint
CREATE TRIGGER "member_rewards_key_delete" AFTER DELETE ON "member_rewards" FOR EACH ROW EXECUTE FUNCTION "member_rewards_key"();--> statement-breakpoint
-- The cash-back ledger's trigger (0040) on the new table, after the copy: the copied rows are in the ledger already.
CREATE TRIGGER "member_rewards_ledger" AFTER INSERT OR UPDATE OF "status", "amount" ON "member_rewards" FOR EACH ROW EXECUTE FUNCTION "member_rewards_to_ledger"();
