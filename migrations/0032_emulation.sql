CREATE TABLE "emulation_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"emulation_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"team" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "emulation_grants_emulation_id_unique" UNIQUE("emulation_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "emulation_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "emulated_by" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "emulation_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emulation_grants" ADD CONSTRAINT "emulation_grants_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emulation_grants" ADD CONSTRAINT "emulation_grants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emulation_grants" ADD CONSTRAINT "emulation_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;