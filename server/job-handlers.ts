import { notifySavedSearchesHandler } from "#core/catalog/saved-searches.ts";
import { writeExportHandler } from "#core/exports/write-export.ts";
import type { JobHandler } from "#core/jobs/define-job.ts";
import { sendModerationMailHandler } from "#core/moderation/moderation-mail.ts";
import { deliverSandboxEventHandler } from "#core/payments/sandbox-gateway.ts";
import { sendSupportAnswerMailHandler } from "#core/support/support-mails.ts";
import { sendTradeMailHandler } from "#core/trading/trade-mails.ts";
import { TRADING_JOB_HANDLERS } from "#core/trading/trading-jobs.ts";

/** Every job the server runs, each definition with its handler. A job not listed here stays queued. */
export const ALL_JOB_HANDLERS: readonly JobHandler[] = [
  deliverSandboxEventHandler,
  ...TRADING_JOB_HANDLERS,
  sendTradeMailHandler,
  notifySavedSearchesHandler,
  writeExportHandler,
  sendModerationMailHandler,
  sendSupportAnswerMailHandler,
];
