ALTER TABLE "saved_searches" ADD COLUMN "tokens" text[];--> statement-breakpoint
CREATE INDEX "saved_searches_tokens_idx" ON "saved_searches" USING gin ("tokens");