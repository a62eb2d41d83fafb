CREATE TABLE "state_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "state_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"machine" text NOT NULL,
	"row_id" bigint NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"action" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" bigint,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "attempt_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_status" text;--> statement-breakpoint
-- Payments made so far were all purchases; their provider status becomes the payment's state. A
-- captured charge of a sale that started is COMPLETED (its money is in the ledger), a refunded one
-- REFUNDED; a captured charge without a sale is left CAPTURED for reconciliation to settle.
UPDATE "payments" SET "purpose" = 'purchase', "charge_status" = CASE WHEN "status" = 'initiated' THEN NULL ELSE "status" END,
  "state" = CASE "status"
    WHEN 'initiated' THEN 'INCOMPLETED'
    WHEN 'requires_3ds' THEN 'INCOMPLETED'
    WHEN 'authorized' THEN 'AUTHORIZED'
    WHEN 'captured' THEN CASE WHEN EXISTS (
      SELECT 1 FROM "transactions" t WHERE t."id" = "payments"."transaction_id" AND t."state" NOT IN ('AUTH', 'INVALID')
    ) THEN 'COMPLETED' ELSE 'CAPTURED' END
    WHEN 'voided' THEN 'VOIDED'
    WHEN 'refunded' THEN 'REFUNDED'
    WHEN 'failed' THEN 'FAILED'
    WHEN 'expired' THEN 'EXPIRED'
    ELSE 'INCOMPLETED' END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "purpose" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "state_history_row_idx" ON "state_history" USING btree ("machine","row_id","id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."state" in ('INCOMPLETED', 'AUTHORIZED', 'CAPTURED', 'REFUNDING');--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "status";--> statement-breakpoint
-- The state history is append-only: what happened stays as it happened.
CREATE FUNCTION "state_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'state_history is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "state_history_no_update" BEFORE UPDATE OR DELETE ON "state_history"
  FOR EACH ROW EXECUTE FUNCTION "state_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "state_history_no_truncate" BEFORE TRUNCATE ON "state_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "state_history_append_only"();
