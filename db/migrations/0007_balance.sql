CREATE TABLE "balance_lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"arose_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"reminded_days" integer,
	"reason" text,
	"granted_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_lots_remaining_check" CHECK ("balance_lots"."remaining" >= 0 and "balance_lots"."remaining" <= "balance_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "money_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" bigint,
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"detail" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_alerts_dedupe_key" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_date" text NOT NULL,
	"state" text NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"prepared_by" bigint,
	"sent_by" bigint,
	"file" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"state" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"destination" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_id" bigint,
	"provider" text,
	"provider_ref" text,
	"code" text,
	"confirmation" text,
	"expires_at" timestamp with time zone,
	"first_approver_id" bigint,
	"second_approver_id" bigint,
	"failure_reason" text,
	"request_key" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0 and "payouts"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proceeds_pauses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proceeds_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"store" text,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"payment_id" bigint,
	"voucher" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_deadline" timestamp with time zone,
	"deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_amount_check" CHECK ("top_ups"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_links" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_kana" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "branch_kana" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "zengin_version" text;--> statement-breakpoint
ALTER TABLE "balance_lots" ADD CONSTRAINT "balance_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_lots" ADD CONSTRAINT "balance_lots_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_prepared_by_users_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_first_approver_id_users_id_fk" FOREIGN KEY ("first_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_second_approver_id_users_id_fk" FOREIGN KEY ("second_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proceeds_pauses" ADD CONSTRAINT "proceeds_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_links" ADD CONSTRAINT "wallet_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_lots_open_idx" ON "balance_lots" USING btree ("user_id","kind","deadline_at","id") WHERE "balance_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "balance_lots_due_idx" ON "balance_lots" USING btree ("kind","deadline_at") WHERE "balance_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "money_alerts_open_idx" ON "money_alerts" USING btree ("created_at") WHERE "money_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payout_runs_idx" ON "payout_runs" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_queue_idx" ON "payouts" USING btree ("state","method","created_at");--> statement-breakpoint
CREATE INDEX "payouts_run_idx" ON "payouts" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_code_key" ON "payouts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "proceeds_pauses_open_key" ON "proceeds_pauses" USING btree ("user_id") WHERE "proceeds_pauses"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_pending_voucher_key" ON "top_ups" USING btree ("user_id") WHERE "top_ups"."state" = 'PENDING' and "top_ups"."method" in ('cvs', 'payeasy');--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_provider_payment_key" ON "top_ups" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "top_ups_user_idx" ON "top_ups" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "top_ups_pending_idx" ON "top_ups" USING btree ("provider_deadline") WHERE "top_ups"."state" = 'PENDING';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('payment', 'escrow', 'proceeds', 'points', 'free_points')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
-- Proceeds held before lots existed start their 180-day clock now.
INSERT INTO "balance_lots" ("user_id", "kind", "amount", "remaining", "source", "arose_at", "deadline_at")
  SELECT "user_id", 'proceeds', "balance", "balance", '{"migrated":1}'::jsonb, now(), now() + interval '180 days'
  FROM "ledger_accounts" WHERE "kind" = 'proceeds' AND "balance" > 0;
