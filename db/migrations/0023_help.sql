ALTER TABLE "support_inquiries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD COLUMN "visitor_name" text;--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD COLUMN "visitor_email" text;--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD CONSTRAINT "support_inquiries_asker_check" CHECK (("support_inquiries"."user_id" is not null) <> ("support_inquiries"."visitor_email" is not null));