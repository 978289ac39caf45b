CREATE TABLE "reward_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"source_code" text NOT NULL,
	"amount" integer NOT NULL,
	"reason_code" text NOT NULL,
	"note" text NOT NULL,
	"reverses" bigint,
	"idempotency_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"reward_id" bigint
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "adjustment_limits" jsonb;--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_adjustments" ADD CONSTRAINT "reward_adjustments_member_partner_fk" FOREIGN KEY ("member_id","partner_id") REFERENCES "public"."members"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_adjustments_request_uq" ON "reward_adjustments" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "reward_adjustments_reverses" ON "reward_adjustments" USING btree ("reverses");--> statement-breakpoint
CREATE INDEX "reward_adjustments_member" ON "reward_adjustments" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE INDEX "reward_adjustments_waiting" ON "reward_adjustments" USING btree ("partner_id","requested_at") WHERE status = 'PendingApproval';