ALTER TABLE "reservation_settings" ADD COLUMN "booking_window_days" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
-- The restaurant's booking window (issue 24) from its old horizon, within 30-90 days.
UPDATE "reservation_settings" SET "booking_window_days" = least(90, greatest(30, "max_days_ahead"));--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_booking_window" CHECK ("reservation_settings"."booking_window_days" between 30 and 90);