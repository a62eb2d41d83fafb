import { and, asc, count, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { dealerLedger } from "#db/schema/index.ts";
import { tokyoRange } from "../exports/export-rows.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { isCalendarDate, tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { authorize } from "../staff/authorize.ts";
import { pageWindow } from "./bought-devices.ts";

const PAGE_SIZE = 50;

export type DealerLedgerRow = typeof dealerLedger.$inferSelect;

/** A period of Tokyo days, both ends included, as the ledger page and its CSV take it. */
export type LedgerRange = { from: string; to: string };

const LABELS = {
  from: msg("buybackOffice.ledger.from"),
  to: msg("buybackOffice.ledger.to"),
};

const day = z
  .string()
  .nullish()
  .transform((v) => (v ?? "").trim())
  .pipe(
    z.string().check((payload) => {
      const message =
        payload.value === ""
          ? msg("buybackOffice.ledger.errors.rangeRequired")
          : isCalendarDate(payload.value)
            ? null
            : msg("buybackOffice.ledger.errors.badDate");
      if (message) payload.issues.push({ code: "custom", input: payload.value, params: { message } });
    }),
  );

const ZLedgerRange = z.object({ from: day, to: day }).check((payload) => {
  const { from, to } = payload.value;
  const fail = (message: Message) =>
    payload.issues.push({ code: "custom", input: to, path: ["to"], params: { message } });
  if (from > to) fail(msg("buybackOffice.ledger.errors.fromAfterTo"));
});

/** The period the ledger opens on: this month in Tokyo, up to today. */
export function defaultLedgerRange(now: Date): LedgerRange {
  const today = tokyoNow(now).date;
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The period asked for: VALIDATION with a message per date when a day is missing or not a real
 * date, or the period ends before it starts.
 */
export function parseLedgerRange(input: { from?: unknown; to?: unknown }): LedgerRange {
  return parseInput(ZLedgerRange, input, LABELS);
}

/** The dealer ledger's rows traded in a period of Tokyo days. */
export function ledgerRowsWhere(range: LedgerRange) {
  const { start, end } = tokyoRange(range.from, range.to);
  return and(gte(dealerLedger.tradedAt, start), lt(dealerLedger.tradedAt, end));
}

/**
 * The dealer ledger (古物台帳) in a period of Tokyo days, in the order the acquisitions were made,
 * 50 rows to a page. For `buyback:ledger`; a bad period is VALIDATION.
 */
export async function listDealerLedger(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser | null; range: { from?: unknown; to?: unknown }; page?: number },
): Promise<{ rows: DealerLedgerRow[]; total: number; page: number; pages: number; range: LedgerRange }> {
  await authorize(ctx, o.actor, "buyback:ledger");
  const range = parseLedgerRange(o.range);
  const where = ledgerRowsWhere(range);
  const [total] = await ctx.db.select({ n: count() }).from(dealerLedger).where(where);
  const n = Number(total?.n ?? 0);
  const { page, pages, offset } = pageWindow(n, o.page, PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(dealerLedger)
    .where(where)
    .orderBy(asc(dealerLedger.tradedAt), asc(dealerLedger.id))
    .limit(PAGE_SIZE)
    .offset(offset);
  return { rows, total: n, page, pages, range };
}
