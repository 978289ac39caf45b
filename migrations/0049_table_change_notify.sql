-- Issue 30 item 3: what is the same for every visitor of a partner is kept in memory by each server
-- until its table changes (db/kept-until-change.ts): the published content pages (0045) and now the
-- bonus programmes, which every signed-in page and GET /api/Member read for the member's bonuses.
-- One trigger function for every such table: NOTIFY on the channel the trigger names when the
-- statement's transaction commits, whatever wrote it (the console, the seed, a script). It replaces
-- 0045's content_pages_notify, which did the same for content_pages alone.
CREATE FUNCTION "notify_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "content_pages_changed" ON "content_pages";--> statement-breakpoint
CREATE TRIGGER "content_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"('content_pages');--> statement-breakpoint
DROP FUNCTION "content_pages_notify"();--> statement-breakpoint
CREATE TRIGGER "bonus_programmes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bonus_programmes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"('bonus_programmes');
