CREATE TYPE "public"."interface_type" AS ENUM('known', 'sso', 'direct');--> statement-breakpoint
CREATE TYPE "public"."member_type" AS ENUM('ClosedAccountMember', 'EnrolledCardMember', 'NonCardMember');--> statement-breakpoint
CREATE TABLE "login_failures" (
	"partner_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failures_partner_id_identifier_pk" PRIMARY KEY("partner_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"email" text NOT NULL,
	"email_opt_in" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"partner_number" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"sms_opt_in" boolean DEFAULT false NOT NULL,
	"family_id" text,
	"join_date" timestamp with time zone DEFAULT now() NOT NULL,
	"enrollment_source" text DEFAULT 'web' NOT NULL,
	"member_type" "member_type" DEFAULT 'NonCardMember' NOT NULL,
	"tier_level" smallint DEFAULT 2 NOT NULL,
	"dining_progress" jsonb DEFAULT '{"status":"Building","dinesRequired":12,"remainingDines":12,"dollarsRequired":0,"remainingDollars":0,"ytdMilesOrDollars":0}'::jsonb NOT NULL,
	"active_bonuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interface_type" "interface_type" DEFAULT 'direct' NOT NULL,
	"has_web_profile" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sso_subject" text,
	"referral" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"email" text NOT NULL,
	"referral" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"stay_signed_in" boolean DEFAULT false NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "sso_client_id" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "sso_client_secret" text;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_public_id_uq" ON "members" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "members_partner_email" ON "members" USING btree ("partner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_partner_number_uq" ON "members" USING btree ("partner_id","partner_number");--> statement-breakpoint
CREATE UNIQUE INDEX "members_partner_sso_uq" ON "members" USING btree ("partner_id","sso_subject");--> statement-breakpoint
CREATE INDEX "outbox_partner_time" ON "outbox" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "prospects_partner_email" ON "prospects" USING btree ("partner_id","email");--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");