ALTER TABLE "dines" ADD COLUMN "tip_cents" integer;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "earn_basis" text DEFAULT 'wholeBill' NOT NULL;