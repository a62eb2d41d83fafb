import { notifySavedSearchesJob } from "../catalog/saved-searches.ts";
import { deliverSandboxEvent } from "../payments/sandbox-gateway.ts";
import { reconcilePurchasesJob } from "../trading/reconcile-purchases.ts";
import { sendTradeMail } from "../trading/trade-mails.ts";
import { autoComplete, expireAuthorization, remindToRate, remindToShip } from "../trading/trading-jobs.ts";
import type { JobDefinition } from "./define-job.ts";

/** Every job the server runs. A job not listed here stays queued. */
export const ALL_JOBS: readonly JobDefinition[] = [
  deliverSandboxEvent,
  expireAuthorization,
  remindToShip,
  remindToRate,
  autoComplete,
  reconcilePurchasesJob,
  sendTradeMail,
  notifySavedSearchesJob,
] as JobDefinition[];
