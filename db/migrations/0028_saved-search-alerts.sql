ALTER TABLE "saved_searches" ADD COLUMN "alert" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_alert_check" CHECK ("saved_searches"."alert" in ('app', 'mail', 'off'));--> statement-breakpoint
-- The fact tokens gain who pays the postage (`p:INCLUDED` or `p:ARRIVAL`), for the 配送料 filter.
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
    'p:' || i.postage,
    'w:' || floor(extract(epoch FROM i.published_at) / 604800)::bigint,
    'y:' || (length(i.price::text) * 100 + left(i.price::text, 2)::int)
  ], NULL) || ARRAY(SELECT 'd:' || d FROM unnest(i.defects) AS d)
$$;--> statement-breakpoint
DROP TRIGGER "items_refresh_search" ON "items";--> statement-breakpoint
CREATE TRIGGER "items_refresh_search" AFTER UPDATE ON "items" FOR EACH ROW
  WHEN (
    (OLD.state, OLD.price, OLD.published_at, OLD.like_count, OLD.battery_health, OLD.category_code,
     OLD.brand_code, OLD.model_id, OLD.condition, OLD.storage_gb, OLD.color, OLD.carrier,
     OLD.network_restriction, OLD.activation_lock, OLD.defects, OLD.postage)
    IS DISTINCT FROM
    (NEW.state, NEW.price, NEW.published_at, NEW.like_count, NEW.battery_health, NEW.category_code,
     NEW.brand_code, NEW.model_id, NEW.condition, NEW.storage_gb, NEW.color, NEW.carrier,
     NEW.network_restriction, NEW.activation_lock, NEW.defects, NEW.postage)
  )
  EXECUTE FUNCTION "items_refresh_search"();--> statement-breakpoint
UPDATE "item_search" SET "item_id" = "item_id";
