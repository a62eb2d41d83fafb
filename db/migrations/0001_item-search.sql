CREATE TABLE "item_search" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "items_search_grams_idx";--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_grams_idx" ON "item_search" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "items_public_new_idx" ON "items" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."state" in ('SALE', 'ASK', 'SOLD');--> statement-breakpoint
CREATE INDEX "items_public_price_idx" ON "items" USING btree ("price","id") WHERE "items"."state" in ('SALE', 'ASK', 'SOLD') and "items"."price" is not null;--> statement-breakpoint
CREATE INDEX "items_public_likes_idx" ON "items" USING btree ("like_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."state" in ('SALE', 'ASK', 'SOLD');--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "search_grams";