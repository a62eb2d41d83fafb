// The payouts' codes the back office filters by; the lists are the schema's (`db/schema/balance.ts`).
export { PAYOUT_METHODS, PAYOUT_STATES } from "#db/schema/index.ts";
