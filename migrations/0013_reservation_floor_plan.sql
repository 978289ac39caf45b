-- The floor plan and the weekly shifts move into reservation_settings (one row per restaurant: the
-- seed is one statement, availability reads one row); table periods are keyed by restaurant and
-- table number. The tables dropped here were added by 0012 and never held data.
DROP TABLE "reservation_table_blocks";--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_table_id_reservation_tables_id_fk";--> statement-breakpoint
ALTER TABLE "reservations" DROP COLUMN "table_id";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "table_no" smallint;--> statement-breakpoint
DROP TABLE "reservation_shifts";--> statement-breakpoint
DROP TABLE "reservation_tables";--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "tables" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "shifts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "reservation_table_blocks" (
	"merchant_id" integer NOT NULL,
	"table_no" smallint NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"reservation_id" bigint NOT NULL,
	CONSTRAINT "reservation_table_blocks_merchant_id_table_no_block_start_pk" PRIMARY KEY("merchant_id","table_no","block_start")
);--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ADD CONSTRAINT "reservation_table_blocks_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_table_blocks_reservation" ON "reservation_table_blocks" USING btree ("reservation_id");
