CREATE TABLE "merchant_review_totals" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"base_count" integer NOT NULL,
	"base_rating" real NOT NULL,
	"base_recommend" integer NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"overall_sum" double precision DEFAULT 0 NOT NULL,
	"food_sum" integer DEFAULT 0 NOT NULL,
	"service_sum" integer DEFAULT 0 NOT NULL,
	"ambience_sum" integer DEFAULT 0 NOT NULL,
	"value_sum" integer DEFAULT 0 NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer,
	"dine_id" bigint,
	"member_reward_id" bigint,
	"transaction_id" text NOT NULL,
	"food" smallint NOT NULL,
	"service" smallint NOT NULL,
	"ambience" smallint NOT NULL,
	"value" smallint NOT NULL,
	"overall" real NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"author_name" text NOT NULL,
	"dined_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_review_totals" ADD CONSTRAINT "merchant_review_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reviews" ADD CONSTRAINT "merchant_reviews_member_reward_id_member_rewards_id_fk" FOREIGN KEY ("member_reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_review_totals_updated" ON "merchant_review_totals" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_reviews_dine_uq" ON "merchant_reviews" USING btree ("dine_id") WHERE dine_id is not null;--> statement-breakpoint
CREATE INDEX "merchant_reviews_merchant_time" ON "merchant_reviews" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_reviews_member_txn" ON "merchant_reviews" USING btree ("member_id","transaction_id");