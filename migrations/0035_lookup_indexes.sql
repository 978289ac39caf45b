CREATE INDEX "member_cards_partner_last_four" ON "member_cards" USING btree ("partner_id","last_four");--> statement-breakpoint
CREATE INDEX "members_partner_email_prefix" ON "members" USING btree ("partner_id","email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_partner_name_prefix" ON "members" USING btree ("partner_id",lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_partner_last_name_prefix" ON "members" USING btree ("partner_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_partner_phone" ON "members" USING btree ("partner_id",right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10));