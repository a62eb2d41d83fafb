import { BUYBACK_JOB_HANDLERS } from "#core/buyback/buyback-jobs.ts";
import { notifySavedSearchesHandler } from "#core/catalog/saved-searches.ts";
import { writeExportHandler } from "#core/exports/write-export.ts";
import { housekeepingHandler } from "#core/identity/housekeeping.ts";
import type { JobHandler } from "#core/jobs/define-job.ts";
import { sendModerationMailHandler } from "#core/moderation/moderation-mail.ts";
import { balanceSyncHandler } from "#core/money/jobs/balance-sync.ts";
import { deliverSandboxEventHandler } from "#core/money/payments/sandbox-gateway.ts";
import { SANDBOX_VOUCHER_JOB_HANDLERS } from "#core/money/top-ups/sandbox-vouchers.ts";
import { sendNoticeMailHandler } from "#core/notify/notice-mail.ts";
import { sendPushHandler } from "#core/notify/push-jobs.ts";
import { OFFER_JOB_HANDLERS } from "#core/offers/offer-jobs.ts";
import { PRICE_DROP_JOB_HANDLERS } from "#core/social/price-drops.ts";
import { sendSupportAnswerMailHandler } from "#core/support/support-mails.ts";
import { sendTradeMailHandler } from "#core/trading/trade-mails.ts";
import { TRADING_JOB_HANDLERS } from "#core/trading/trading-jobs.ts";
import { withPriority } from "#db/priority.ts";

/** A job that moves money or settles a sale runs its database work as a write (decision 050). */
const asWrite = (handler: JobHandler): JobHandler => ({
  job: handler.job,
  handle: (ctx, payload) => withPriority("write", () => handler.handle(ctx, payload)),
});

/**
 * The money jobs: the card and voucher providers' events (the sandboxes deliver them as jobs), the
 * balance's sync, purchases' settling, reconciliation and completion, and buyback's deadlines.
 */
const MONEY_JOB_HANDLERS: readonly JobHandler[] = [
  deliverSandboxEventHandler,
  ...SANDBOX_VOUCHER_JOB_HANDLERS,
  balanceSyncHandler,
  ...TRADING_JOB_HANDLERS,
  ...BUYBACK_JOB_HANDLERS,
].map(asWrite);

/** Every job the server runs, each definition with its handler. A job not listed here stays queued. */
export const ALL_JOB_HANDLERS: readonly JobHandler[] = [
  ...MONEY_JOB_HANDLERS,
  housekeepingHandler,
  ...OFFER_JOB_HANDLERS,
  sendTradeMailHandler,
  notifySavedSearchesHandler,
  writeExportHandler,
  sendModerationMailHandler,
  sendSupportAnswerMailHandler,
  ...PRICE_DROP_JOB_HANDLERS,
  sendPushHandler,
  sendNoticeMailHandler,
];
