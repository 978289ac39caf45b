CREATE TABLE "flex_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dine_id" bigint,
	"reward_id" bigint,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flex_offers_member_merchant" ON "flex_offers" USING btree ("member_id","merchant_id","valid_to");--> statement-breakpoint
CREATE INDEX "flex_offers_dine" ON "flex_offers" USING btree ("dine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flex_offers_reward_uq" ON "flex_offers" USING btree ("reward_id");