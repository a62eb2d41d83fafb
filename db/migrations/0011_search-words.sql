ALTER TABLE "item_search" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Search rows now hold whole words, pairs of neighbouring words and title tokens (`t:…`) besides
-- the Japanese character grams (decision 024): keep every token the application writes except the
-- fact tokens (one letter and a colon), which this function adds from the listing itself.
CREATE OR REPLACE FUNCTION "item_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listing items;
BEGIN
  SELECT * INTO STRICT listing FROM items WHERE id = NEW.item_id;
  NEW.grams := ARRAY(SELECT g FROM unnest(NEW.grams) AS g WHERE g NOT LIKE '_:%' OR g LIKE 't:%')
    || item_search_tokens(listing);
  NEW.state := listing.state;
  NEW.price := listing.price;
  NEW.published_at := listing.published_at;
  NEW.like_count := listing.like_count;
  NEW.battery_health := listing.battery_health;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The rows written the old way are rebuilt at start (indexUnsearchableItems).
DELETE FROM "item_search";
