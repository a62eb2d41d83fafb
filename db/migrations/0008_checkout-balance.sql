ALTER TABLE "transactions" ADD COLUMN "paid_free_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "paid_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "paid_card" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "free_point_lots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Sales made before the breakdown was recorded were paid wholly by their one method.
UPDATE "transactions" SET "paid_card" = "price" WHERE "payment_method" = 'card';--> statement-breakpoint
UPDATE "transactions" SET "paid_points" = "price" WHERE "payment_method" = 'points';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_paid_parts_check" CHECK ("transactions"."paid_free_points" >= 0 and "transactions"."paid_points" >= 0 and "transactions"."paid_card" >= 0 and "transactions"."paid_free_points" + "transactions"."paid_points" + "transactions"."paid_card" <= "transactions"."price");