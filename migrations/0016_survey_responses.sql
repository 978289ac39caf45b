CREATE TABLE "survey_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"survey_id" text NOT NULL,
	"member_id" integer,
	"public_id" text,
	"answers" jsonb NOT NULL,
	"utm_campaign" text,
	"utm_medium" text,
	"utm_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_responses_partner_time" ON "survey_responses" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "survey_responses_member" ON "survey_responses" USING btree ("member_id");