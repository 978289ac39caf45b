ALTER TABLE "partners" DROP COLUMN "typeform_code";--> statement-breakpoint
ALTER TABLE "partners" DROP COLUMN "ads_prefix";--> statement-breakpoint
-- Issue 25: demo restaurants order online on their own ordering page of this app, not on example.com placeholders (a reserved domain no real restaurant has).
UPDATE "merchants" SET "order_online" = jsonb_build_object(
  'delivery', CASE WHEN "order_online"->>'delivery' IS NULL THEN NULL ELSE '/demo-restaurants/' || "id" || '/order?mode=delivery' END,
  'takeout', CASE WHEN "order_online"->>'takeout' IS NULL THEN NULL ELSE '/demo-restaurants/' || "id" || '/order?mode=takeout' END)
WHERE "order_online" IS NOT NULL AND "order_online"::text LIKE '%.example.com/%';
