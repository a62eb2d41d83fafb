DROP INDEX "saved_searches_tokens_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "key_token" text;--> statement-breakpoint
CREATE INDEX "saved_searches_key_token_idx" ON "saved_searches" USING btree (coalesce("key_token", ''));--> statement-breakpoint
-- Searches saved so far are keyed on their longest token (word pairs and longer terms are rarer
-- than single words); searches saved from now on on their rarest, by the search statistics.
UPDATE "saved_searches"
SET "key_token" = (SELECT t FROM unnest("tokens") AS t ORDER BY char_length(t) DESC, t LIMIT 1)
WHERE "tokens" IS NOT NULL;
