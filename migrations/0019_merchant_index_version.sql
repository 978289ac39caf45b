CREATE TABLE "merchant_index_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "merchant_index_version_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "merchants_change_seq" ON "merchants" USING btree ("change_seq");--> statement-breakpoint
INSERT INTO "merchant_index_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every row written gets the version current at the time. The version row is locked until the
-- writing transaction ends, so no other transaction can commit a merchant change in between:
-- every row stamped below the committed version is itself committed, and an index that has read
-- all rows stamped at or above its last version misses nothing (docs/decisions/0001).
CREATE FUNCTION "merchants_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "version" INTO NEW."change_seq" FROM "merchant_index_version" WHERE "id" = 1 FOR UPDATE;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "merchants_stamp_change" BEFORE INSERT OR UPDATE ON "merchants"
  FOR EACH ROW EXECUTE FUNCTION "merchants_stamp_change"();--> statement-breakpoint
-- Once per statement: the version moves on (a delete or truncate also starts a new generation: the
-- indexes rebuild) and the instances listening hear of it when the transaction commits.
CREATE FUNCTION "merchants_bump_index_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchant_index_version" SET "version" = "version" + 1,
    "generation" = "generation" + CASE WHEN TG_OP IN ('DELETE', 'TRUNCATE') THEN 1 ELSE 0 END
  WHERE "id" = 1;
  PERFORM pg_notify('merchant_index', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "merchants_bump_index_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "merchants_bump_index_version"();
