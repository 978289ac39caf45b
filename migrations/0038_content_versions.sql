CREATE TABLE "content_preview_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_hash" text,
	"ends_at" timestamp with time zone,
	CONSTRAINT "content_preview_grants_session_hash_unique" UNIQUE("session_hash")
);
--> statement-breakpoint
CREATE TABLE "content_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"content_name" text NOT NULL,
	"slug" text NOT NULL,
	"fields" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"version" integer
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"content_name" text NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"rolled_back_from" integer,
	"staff_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_preview_grants" ADD CONSTRAINT "content_preview_grants_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_preview_grants" ADD CONSTRAINT "content_preview_grants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_schedules" ADD CONSTRAINT "content_schedules_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_schedules" ADD CONSTRAINT "content_schedules_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_schedules_due" ON "content_schedules" USING btree ("publish_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_uq" ON "content_versions" USING btree ("partner_id","content_name","slug","version");