-- Issue 30 item 3: the published content pages are the same for every visitor of a partner, so
-- each server keeps them (and their JSON) in memory for the pages it assembles
-- (modules/pages/first-screen.ts). Whatever changes content_pages (the console, a scheduled
-- publish, the seed) tells every instance listening when its transaction commits.
CREATE FUNCTION "content_pages_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_pages', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "content_pages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_pages_notify"();
