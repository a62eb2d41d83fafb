CREATE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_payment_key" ON "top_ups" USING btree ("payment_id");