CREATE TABLE "reward_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer,
	"card_type" text NOT NULL,
	"card_last_four" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"dine_date" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"finding" text,
	"reason" text,
	"match_score" smallint,
	"matched_event_id" text,
	"purchase_key" text,
	"dine_id" bigint,
	"review_note" text,
	"resolution" text,
	"resolution_note" text,
	"reward_id" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_claims_member_time" ON "reward_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_purchase_uq" ON "reward_claims" USING btree ("purchase_key") WHERE purchase_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_same_uq" ON "reward_claims" USING btree ("member_id","card_last_four","merchant_id","dine_date","amount_cents");--> statement-breakpoint
CREATE INDEX "reward_claims_open" ON "reward_claims" USING btree ("status","id") WHERE status in ('Submitted', 'InReview');--> statement-breakpoint
CREATE INDEX "card_network_inbox_card_token" ON "card_network_inbox" USING btree (("body"->>'cardToken'));