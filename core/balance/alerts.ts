import type { Db } from "#db/client.ts";
import { moneyAlerts } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";

export type MoneyAlertKind = (typeof moneyAlerts.$inferSelect)["kind"];

/**
 * Tells finance that something in the money flows needs a look (a payment after the deadline, a
 * returned transfer, proceeds due with no account to pay them to). Raised once per `dedupeKey`.
 */
export async function raiseMoneyAlert(
  ctx: { db: Db; clock: Clock },
  o: {
    kind: MoneyAlertKind;
    userId: number | null;
    refs: Record<string, number | string>;
    dedupeKey: string;
    detail?: string;
  },
): Promise<void> {
  await ctx.db
    .insert(moneyAlerts)
    .values({
      kind: o.kind,
      userId: o.userId,
      refs: o.refs,
      dedupeKey: o.dedupeKey,
      detail: o.detail ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: moneyAlerts.dedupeKey });
}
