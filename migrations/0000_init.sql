CREATE TYPE "public"."content_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."currency_type" AS ENUM('Dollar', 'Mile', 'Point', 'Credit');--> statement-breakpoint
CREATE TYPE "public"."enrollment_type" AS ENUM('direct', 'sso', 'none');--> statement-breakpoint
CREATE TYPE "public"."home_page" AS ENUM('home', 'discover');--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"content_name" text NOT NULL,
	"slug" text NOT NULL,
	"status" "content_status" DEFAULT 'published' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impressions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"channel" text NOT NULL,
	"date_time" timestamp with time zone NOT NULL,
	"user_agent" text NOT NULL,
	"path" text,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_base_url" text NOT NULL,
	"image_path" text NOT NULL,
	"rating_overall" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"price_range" smallint NOT NULL,
	"cuisines" text[] NOT NULL,
	"highlight" text,
	"is_new" boolean DEFAULT false NOT NULL,
	"address1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"metro" text NOT NULL,
	"neighborhood" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text,
	"acclaimed_level" smallint,
	"campaign_codes" text[] DEFAULT '{}' NOT NULL,
	"benefits_available" boolean DEFAULT true NOT NULL,
	"bonus_text" text,
	"offer_tag" text,
	"reservation_providers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin" text DEFAULT 'network' NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"meals_served" text[] DEFAULT '{}' NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"menu_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviews_summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hosts" text[] DEFAULT '{}' NOT NULL,
	"enrollment_type" "enrollment_type" DEFAULT 'direct' NOT NULL,
	"home_page" "home_page" DEFAULT 'home' NOT NULL,
	"has_discover_page" boolean DEFAULT false NOT NULL,
	"has_reservation_bonus" boolean DEFAULT false NOT NULL,
	"open_table_reservations_enabled" boolean DEFAULT false NOT NULL,
	"has_flex_offers" boolean DEFAULT false NOT NULL,
	"acclaimed_enabled" boolean DEFAULT false NOT NULL,
	"acclaimed2_enabled" boolean DEFAULT false NOT NULL,
	"has_pwa_install_banner" boolean DEFAULT false NOT NULL,
	"has_partner_loaded_cards" boolean DEFAULT false NOT NULL,
	"card_types_accepted" text[] DEFAULT '{"AMEX","DISC","MAST","VISA"}' NOT NULL,
	"cms_preview" boolean DEFAULT false NOT NULL,
	"cms_route" text DEFAULT '/api/cms' NOT NULL,
	"currency_type" "currency_type" DEFAULT 'Mile' NOT NULL,
	"full_address_required" boolean DEFAULT false NOT NULL,
	"has_auto_enroll" boolean DEFAULT false NOT NULL,
	"has_ppn" boolean DEFAULT true NOT NULL,
	"has_sms_opt_in" boolean DEFAULT false NOT NULL,
	"has_sms_opt_in_v2" boolean DEFAULT false NOT NULL,
	"has_vip" boolean DEFAULT false NOT NULL,
	"general_modal_type" text,
	"route_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"minimum_app_version" text,
	"app_announcement_modal" jsonb,
	"show_earn_rate" boolean DEFAULT true NOT NULL,
	"typeform_code" text,
	"copy_states" jsonb NOT NULL,
	"customer_support" jsonb NOT NULL,
	"vip_customer_support" jsonb,
	"short_code" text DEFAULT '97082' NOT NULL,
	"has_merchant_favourites" boolean DEFAULT false NOT NULL,
	"partner_number_validator" text DEFAULT 'checkCharacter' NOT NULL,
	"ads_prefix" text DEFAULT '' NOT NULL,
	"earn_rates" jsonb DEFAULT '[1,1,3,5]'::jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"logo_svg" text NOT NULL,
	"logo_chain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_network_logo" boolean DEFAULT true NOT NULL,
	"store_links" jsonb,
	"nav_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_latitude" double precision DEFAULT 40.7577 NOT NULL,
	"default_longitude" double precision DEFAULT -73.9857 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_uq" ON "content_pages" USING btree ("partner_id","content_name","slug","status");--> statement-breakpoint
CREATE INDEX "content_pages_lookup" ON "content_pages" USING btree ("partner_id","content_name","status");--> statement-breakpoint
CREATE INDEX "impressions_partner_time" ON "impressions" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "merchants_geo" ON "merchants" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "merchants_updated" ON "merchants" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_code_uq" ON "partners" USING btree ("code");