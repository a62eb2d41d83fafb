ALTER TABLE "item_search" ADD COLUMN "facts" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The fact tokens gain the week a listing was published (`w:` and the week's number since
-- 1970-01-01, Thursday 00:00 UTC) and its price band (`y:`, the number of digits times 100 plus the
-- first two digits: ¥12,800 is 512): a search sorted by date or price reads the first weeks or
-- bands first and stops when its page is full (decision 025).
CREATE OR REPLACE FUNCTION "item_search_tokens"("i" "items") RETURNS text[] LANGUAGE sql STABLE AS $$
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
    'a:' || i.activation_lock,
    'w:' || floor(extract(epoch FROM i.published_at) / 604800)::bigint,
    'y:' || (length(i.price::text) * 100 + left(i.price::text, 2)::int)
  ], NULL) || ARRAY(SELECT 'd:' || d FROM unnest(i.defects) AS d)
$$;--> statement-breakpoint
-- The fact tokens are kept twice: among every token (`grams`, for the index) and alone (`facts`).
CREATE OR REPLACE FUNCTION "item_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listing items;
BEGIN
  SELECT * INTO STRICT listing FROM items WHERE id = NEW.item_id;
  NEW.facts := item_search_tokens(listing);
  NEW.grams := ARRAY(SELECT g FROM unnest(NEW.grams) AS g WHERE g NOT LIKE '_:%' OR g LIKE 't:%')
    || NEW.facts;
  NEW.state := listing.state;
  NEW.price := listing.price;
  NEW.published_at := listing.published_at;
  NEW.like_count := listing.like_count;
  NEW.battery_health := listing.battery_health;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "item_search" SET "item_id" = "item_id";
