ALTER TABLE "login_failures" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_partner_id_identifier_pk";--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_partner_id_identifier_client_pk" PRIMARY KEY("partner_id","identifier","client");--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sms_consent_version" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sms_consent_text" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sms_consent_source" text;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;