-- The target of the (member, partner) keys first: a dine or a reward can only name its own partner's member.
CREATE UNIQUE INDEX "members_id_partner_uq" ON "members" USING btree ("id","partner_id");--> statement-breakpoint
ALTER TABLE "dines" DROP CONSTRAINT "dines_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "dines" DROP CONSTRAINT "dines_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "member_rewards" DROP CONSTRAINT "member_rewards_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "member_rewards" DROP CONSTRAINT "member_rewards_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "dines" ADD CONSTRAINT "dines_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;
