ALTER TABLE "client_errors" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "source" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_source" CHECK ("client_errors"."source" in ('browser', 'server'));