CREATE TYPE "public"."card_brand" AS ENUM('Visa', 'Amex', 'Mastercard', 'Discover');--> statement-breakpoint
CREATE TABLE "captcha_solutions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"card_type" "card_brand" NOT NULL,
	"last_four" text NOT NULL,
	"description" text NOT NULL,
	"fingerprint" text NOT NULL,
	"partner_card_id" integer,
	"direct_file_feed_opt_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"card_type" "card_brand" NOT NULL,
	"last_four" text NOT NULL,
	"description" text NOT NULL,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_cards" ADD CONSTRAINT "partner_cards_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_cards" ADD CONSTRAINT "partner_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_partner_fingerprint_uq" ON "member_cards" USING btree ("partner_id","fingerprint");--> statement-breakpoint
CREATE INDEX "member_cards_member" ON "member_cards" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "partner_cards_member" ON "partner_cards" USING btree ("member_id");