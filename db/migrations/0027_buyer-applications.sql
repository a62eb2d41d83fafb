CREATE TABLE "buyer_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text DEFAULT 'PENDING' NOT NULL,
	"company_name" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_commission" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"monthly_volume" text NOT NULL,
	"categories" text[] NOT NULL,
	"locale" text NOT NULL,
	"company_id" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_applications_state_check" CHECK ("buyer_applications"."state" in ('PENDING', 'APPROVED', 'DECLINED'))
);
--> statement-breakpoint
ALTER TABLE "buyer_applications" ADD CONSTRAINT "buyer_applications_company_id_buyback_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_applications" ADD CONSTRAINT "buyer_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_applications_pending_email_key" ON "buyer_applications" USING btree ("email") WHERE "buyer_applications"."state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_applications_pending_licence_key" ON "buyer_applications" USING btree ("licence_number") WHERE "buyer_applications"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "buyer_applications_queue_idx" ON "buyer_applications" USING btree ("state","created_at");