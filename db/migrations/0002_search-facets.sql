DROP INDEX "items_model_idx";--> statement-breakpoint
ALTER TABLE "item_search" ADD COLUMN "state" text DEFAULT 'DRAFT' NOT NULL;--> statement-breakpoint
ALTER TABLE "item_search" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "item_search" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_search" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_search" ADD COLUMN "battery_health" smallint;--> statement-breakpoint
CREATE INDEX "item_search_price_idx" ON "item_search" USING btree ("price","item_id");--> statement-breakpoint
CREATE INDEX "item_search_new_idx" ON "item_search" USING btree ("published_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_model_idx" ON "items" USING btree ("model_id","state","published_at" DESC NULLS LAST);--> statement-breakpoint
-- One token per device fact and state of a listing. Tokens are three characters or more, so they
-- never collide with the text grams (one or two characters). core/catalog/search-tokens.ts builds
-- the same tokens for a query.
CREATE FUNCTION "item_search_tokens"("i" "items") RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN i.state IN ('SALE', 'ASK', 'SOLD') THEN 's:public' END,
    's:' || i.state,
    'c:' || i.category_code,
    'b:' || i.brand_code,
    'm:' || i.model_id,
    'k:' || i.condition,
    'g:' || i.storage_gb,
    'o:' || i.color,
    'r:' || i.carrier,
    'n:' || i.network_restriction,
    'a:' || i.activation_lock
  ], NULL) || ARRAY(SELECT 'd:' || d FROM unnest(i.defects) AS d)
$$;--> statement-breakpoint
-- Whatever the application writes into a search row, the row ends up with the listing's text
-- grams, its current tokens and copies of its range and sort columns.
CREATE FUNCTION "item_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listing items;
BEGIN
  SELECT * INTO STRICT listing FROM items WHERE id = NEW.item_id;
  NEW.grams := ARRAY(SELECT g FROM unnest(NEW.grams) AS g WHERE char_length(g) <= 2) || item_search_tokens(listing);
  NEW.state := listing.state;
  NEW.price := listing.price;
  NEW.published_at := listing.published_at;
  NEW.like_count := listing.like_count;
  NEW.battery_health := listing.battery_health;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_search_fill" BEFORE INSERT OR UPDATE ON "item_search"
  FOR EACH ROW EXECUTE FUNCTION "item_search_fill"();--> statement-breakpoint
-- A change to a listing's facts, state, price, dates or likes refreshes its search row.
CREATE FUNCTION "items_refresh_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_search SET item_id = item_id WHERE item_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_refresh_search" AFTER UPDATE ON "items" FOR EACH ROW
  WHEN (
    (OLD.state, OLD.price, OLD.published_at, OLD.like_count, OLD.battery_health, OLD.category_code,
     OLD.brand_code, OLD.model_id, OLD.condition, OLD.storage_gb, OLD.color, OLD.carrier,
     OLD.network_restriction, OLD.activation_lock, OLD.defects)
    IS DISTINCT FROM
    (NEW.state, NEW.price, NEW.published_at, NEW.like_count, NEW.battery_health, NEW.category_code,
     NEW.brand_code, NEW.model_id, NEW.condition, NEW.storage_gb, NEW.color, NEW.carrier,
     NEW.network_restriction, NEW.activation_lock, NEW.defects)
  )
  EXECUTE FUNCTION "items_refresh_search"();--> statement-breakpoint
UPDATE "item_search" SET "item_id" = "item_id";
