import { startOfTokyoDay } from "../../shared/validation/tokyo-clock.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The provider's deadline for a voucher issued at `now`: the end of the Tokyo day `voucherDays`
 * days later (23:59:59 JST), as konbini providers set it; and the one the member is shown, 30
 * minutes earlier and on the minute (a slip printed just before the store's close can still be
 * paid, so the provider must outlast what we promised).
 */
export function voucherDeadlines(now: Date): { provider: Date; shown: Date } {
  const tokyoMidnight = startOfTokyoDay(now).getTime();
  const provider = new Date(tokyoMidnight + (BALANCE_LIMITS.voucherDays + 1) * DAY_MS - 1000);
  const shownMs = provider.getTime() - BALANCE_LIMITS.voucherSafetyMs;
  return { provider, shown: new Date(Math.floor(shownMs / 60_000) * 60_000) };
}
