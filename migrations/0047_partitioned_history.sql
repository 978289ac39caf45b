-- Issue 29 item 2, decision 0012: the card-network inbox partitioned by month of received_at, its
-- old months retired by the card-network-partitions job. A unique key of a partitioned table must
-- include the partition key, so the global idempotency (one inbox row per event id, however late a
-- duplicate comes) moves to card_network_event_ids, never partitioned nor pruned, which receipt
-- writes in the same statement as the inbox row. The inbox's foreign key (event_id, received_at)
-- to it and its unique (event_id, received_at) keep one row per event id in the database itself.
-- Converts an existing inbox with its data; the same SQL on PostgreSQL and PGlite.
CREATE TABLE "card_network_event_ids" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_network_event_ids_event_time_uq" UNIQUE("event_id","received_at")
);
--> statement-breakpoint
INSERT INTO "card_network_event_ids" ("event_id", "received_at") SELECT "event_id", "received_at" FROM "card_network_inbox";--> statement-breakpoint
-- One month (UTC) of a table partitioned by range of a timestamptz column: <parent>_pYYYY_MM. Rows
-- the default partition caught for that month move into it. Answers false when it existed already.
-- The card-network-partitions job calls it for the months ahead.
CREATE FUNCTION "create_month_partition"(parent text, key text, month timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
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
    EXECUTE format('WITH m AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM m', parent || '_default', key, key, part) USING lo, hi;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
  END IF;
  RETURN true;
END $$;--> statement-breakpoint
ALTER TABLE "card_network_inbox" RENAME TO "card_network_inbox_unpartitioned";--> statement-breakpoint
ALTER TABLE "card_network_inbox_unpartitioned" DROP CONSTRAINT "card_network_inbox_dismissed_by_staff_id_fk";--> statement-breakpoint
ALTER TABLE "card_network_inbox_unpartitioned" DROP CONSTRAINT "card_network_inbox_pkey";--> statement-breakpoint
DROP INDEX "card_network_inbox_event_uq";--> statement-breakpoint
DROP INDEX "card_network_inbox_pending";--> statement-breakpoint
DROP INDEX "card_network_inbox_card_token";--> statement-breakpoint
DROP INDEX "card_network_inbox_attention";--> statement-breakpoint
CREATE TABLE "card_network_inbox" (
	"id" bigint DEFAULT nextval('card_network_inbox_id_seq'::regclass) NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"note" text,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" integer,
	"dismissed_reason" text,
	CONSTRAINT "card_network_inbox_pkey" PRIMARY KEY("id","received_at")
) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
ALTER SEQUENCE "card_network_inbox_id_seq" OWNED BY "card_network_inbox"."id";--> statement-breakpoint
-- Whatever no month holds (a clock far off, months the job has not made yet): no insert ever fails.
CREATE TABLE "card_network_inbox_default" PARTITION OF "card_network_inbox" DEFAULT;--> statement-breakpoint
-- A partition for each month of the existing rows, this month and the next three.
SELECT "create_month_partition"('card_network_inbox', 'received_at', m AT TIME ZONE 'UTC')
FROM generate_series(
  date_trunc('month', least((SELECT min("received_at") FROM "card_network_inbox_unpartitioned"), now()) AT TIME ZONE 'UTC'),
  date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
  interval '1 month') AS m;--> statement-breakpoint
INSERT INTO "card_network_inbox" ("id", "event_id", "type", "body", "received_at", "processed_at", "outcome", "note", "dismissed_at", "dismissed_by", "dismissed_reason")
SELECT "id", "event_id", "type", "body", "received_at", "processed_at", "outcome", "note", "dismissed_at", "dismissed_by", "dismissed_reason" FROM "card_network_inbox_unpartitioned";--> statement-breakpoint
DROP TABLE "card_network_inbox_unpartitioned";--> statement-breakpoint
CREATE UNIQUE INDEX "card_network_inbox_event_uq" ON "card_network_inbox" USING btree ("event_id","received_at");--> statement-breakpoint
CREATE INDEX "card_network_inbox_pending" ON "card_network_inbox" USING btree ("id") WHERE processed_at is null;--> statement-breakpoint
CREATE INDEX "card_network_inbox_card_token" ON "card_network_inbox" USING btree (("body"->>'cardToken'));--> statement-breakpoint
CREATE INDEX "card_network_inbox_attention" ON "card_network_inbox" USING btree ("received_at","id") WHERE outcome in ('parked', 'review', 'failed') and dismissed_at is null;--> statement-breakpoint
ALTER TABLE "card_network_inbox" ADD CONSTRAINT "card_network_inbox_dismissed_by_staff_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_network_inbox" ADD CONSTRAINT "card_network_inbox_event_id_fk" FOREIGN KEY ("event_id","received_at") REFERENCES "public"."card_network_event_ids"("event_id","received_at") ON DELETE no action ON UPDATE no action;
