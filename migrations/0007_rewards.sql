CREATE TABLE "card_network_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "dines" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_balances" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_progress" (
	"member_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"partner_id" integer NOT NULL,
	"qualified_dines" integer DEFAULT 0 NOT NULL,
	"rewards" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_progress_member_id_year_pk" PRIMARY KEY("member_id","year")
);
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"payout_ref" text
);
--> statement-breakpoint
CREATE TABLE "merchant_network_locations" (
	"location_id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"reward_id" bigint NOT NULL,
	"partner_number" text,
	"amount" integer NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"credit_id" text NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_label" text NOT NULL,
	"benefit_processor" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "network_token" text DEFAULT 'ntk_' || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "participating" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "participation_start" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "participation_end" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "benefit_hours" jsonb;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "blackout_dates" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "monthly_visit_limit" smallint;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_progress" ADD CONSTRAINT "member_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_progress" ADD CONSTRAINT "member_progress_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_network_locations" ADD CONSTRAINT "merchant_network_locations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_ledger_postings" ADD CONSTRAINT "partner_ledger_postings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_ledger_postings" ADD CONSTRAINT "partner_ledger_postings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_network_inbox_event_uq" ON "card_network_inbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "card_network_inbox_pending" ON "card_network_inbox" USING btree ("id") WHERE processed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dines_transaction_uq" ON "dines" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dines_alias_transaction_uq" ON "dines" USING btree ("alias_transaction_id") WHERE alias_transaction_id is not null;--> statement-breakpoint
CREATE INDEX "dines_member_time" ON "dines" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "dines_card_merchant_time" ON "dines" USING btree ("card_id","merchant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "dines_pending" ON "dines" USING btree ("status","authorised_at") WHERE status = 'Pending';--> statement-breakpoint
CREATE INDEX "dines_deferred" ON "dines" USING btree ("member_id","cleared_at") WHERE status = 'Deferred';--> statement-breakpoint
CREATE INDEX "member_rewards_member_time" ON "member_rewards" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_dine_settle_uq" ON "member_rewards" USING btree ("dine_id") WHERE source_code = 'S';--> statement-breakpoint
CREATE INDEX "member_rewards_awarded" ON "member_rewards" USING btree ("partner_id","status") WHERE status = 'Awarded';--> statement-breakpoint
CREATE INDEX "merchant_network_locations_merchant" ON "merchant_network_locations" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_ledger_postings_reward_uq" ON "partner_ledger_postings" USING btree ("reward_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_credit_uq" ON "statement_credits" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "statement_credits_member" ON "statement_credits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_network_token_uq" ON "member_cards" USING btree ("network_token");--> statement-breakpoint
-- Restaurants already in the database get their network location (the seed gives new ones theirs).
INSERT INTO "merchant_network_locations" ("location_id", "merchant_id") SELECT 'loc-' || "id", "id" FROM "merchants" ON CONFLICT DO NOTHING;
