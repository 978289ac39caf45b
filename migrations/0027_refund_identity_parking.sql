CREATE TABLE "dine_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"dine_id" bigint NOT NULL,
	"refund_transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parked_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer,
	"merchant_id" integer NOT NULL,
	"location_id" text NOT NULL,
	"refund_transaction_id" text NOT NULL,
	"original_transaction_id" text,
	"amount_cents" integer NOT NULL,
	"local_date" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"dine_id" bigint
);
--> statement-breakpoint
ALTER TABLE "dine_refunds" ADD CONSTRAINT "dine_refunds_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_refunds" ADD CONSTRAINT "dine_refunds_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_dine_id_dines_id_fk" FOREIGN KEY ("dine_id") REFERENCES "public"."dines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_refunds" ADD CONSTRAINT "parked_refunds_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dine_refunds_transaction_uq" ON "dine_refunds" USING btree ("partner_id","refund_transaction_id");--> statement-breakpoint
CREATE INDEX "dine_refunds_dine" ON "dine_refunds" USING btree ("dine_id");--> statement-breakpoint
CREATE INDEX "parked_refunds_open_member" ON "parked_refunds" USING btree ("member_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parked_refunds_open_uq" ON "parked_refunds" USING btree ("partner_id","refund_transaction_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "parked_refunds_open_time" ON "parked_refunds" USING btree ("occurred_at") WHERE resolved_at is null;