ALTER TABLE "bank_accounts" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_links" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;