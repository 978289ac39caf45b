ALTER TABLE "recovery_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "recovery_tokens_member" ON "recovery_tokens" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_new_email" CHECK (("recovery_tokens"."purpose" = 'emailChange') = ("recovery_tokens"."new_email" is not null));