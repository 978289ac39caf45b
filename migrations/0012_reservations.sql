CREATE TABLE "reservation_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'native' NOT NULL,
	"provider_ref" text,
	"min_party" smallint DEFAULT 1 NOT NULL,
	"max_party" smallint DEFAULT 6 NOT NULL,
	"max_days_ahead" smallint DEFAULT 90 NOT NULL,
	"cutoff_minutes" smallint DEFAULT 60 NOT NULL,
	"pacing_parties" smallint DEFAULT 4 NOT NULL,
	"pacing_covers" smallint DEFAULT 16 NOT NULL,
	"hold_minutes" smallint DEFAULT 5 NOT NULL,
	"turn_times" jsonb NOT NULL,
	"closed_dates" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"name" text NOT NULL,
	"first_seating" smallint NOT NULL,
	"last_seating" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_table_blocks" (
	"table_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"reservation_id" bigint NOT NULL,
	CONSTRAINT "reservation_table_blocks_table_id_block_start_pk" PRIMARY KEY("table_id","block_start")
);
--> statement-breakpoint
CREATE TABLE "reservation_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_covers" smallint NOT NULL,
	"max_covers" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"confirmation_number" text NOT NULL,
	"table_id" integer,
	"party_size" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"local_date" text NOT NULL,
	"local_time" text NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"special_request" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_shifts" ADD CONSTRAINT "reservation_shifts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ADD CONSTRAINT "reservation_table_blocks_table_id_reservation_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."reservation_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_table_blocks" ADD CONSTRAINT "reservation_table_blocks_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_id_reservation_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."reservation_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_shifts_merchant" ON "reservation_shifts" USING btree ("merchant_id","weekday");--> statement-breakpoint
CREATE INDEX "reservation_table_blocks_reservation" ON "reservation_table_blocks" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_tables_merchant" ON "reservation_tables" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_member_key_uq" ON "reservations" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_confirmation_uq" ON "reservations" USING btree ("confirmation_number");--> statement-breakpoint
CREATE INDEX "reservations_member" ON "reservations" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_merchant_live" ON "reservations" USING btree ("merchant_id","starts_at") WHERE status in ('held', 'booked');--> statement-breakpoint
CREATE INDEX "reservations_merchant_day" ON "reservations" USING btree ("merchant_id","local_date","member_id");