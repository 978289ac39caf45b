CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"partner_id" integer NOT NULL,
	"route" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"status" integer,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_reference" ON "client_errors" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "client_errors_created" ON "client_errors" USING btree ("created_at");