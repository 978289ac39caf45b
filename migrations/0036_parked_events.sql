ALTER TABLE "card_network_inbox" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_network_inbox" ADD COLUMN "dismissed_by" integer;--> statement-breakpoint
ALTER TABLE "card_network_inbox" ADD COLUMN "dismissed_reason" text;--> statement-breakpoint
ALTER TABLE "card_network_inbox" ADD CONSTRAINT "card_network_inbox_dismissed_by_staff_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_network_inbox_attention" ON "card_network_inbox" USING btree ("received_at","id") WHERE outcome in ('parked', 'review', 'failed') and dismissed_at is null;