import { and, count, eq, gte, isNull, lt, notInArray, sum } from "drizzle-orm";
import { buybackItems, moneyAlerts, payouts, transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { Yen } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { startOfTokyoDay, tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { authorize } from "./authorize.ts";
import { hasPermission } from "./permissions.ts";

const DAY_MS = 24 * 3600 * 1000;

/** Sales that never were, or were undone: a purchase still being paid for, a void one, a cancelled one. */
const NOT_SALES = ["INVALID", "AUTH", "CANCELED"] as const;

/**
 * The numbers an operator watches beside the queues; each is there only when the operator's roles
 * open its list (`transactions:read`, `payouts:read`, `buyback:grade`).
 */
export type DashboardFigures = {
  /** Today's sales in Tokyo (`day`, `YYYY-MM-DD`): how many, and what they sold for together (GMV). */
  sales?: { day: string; count: number; gmv: Yen };
  /** Payouts approved and waiting for the next bank run (READY): how many, and how much. */
  payoutsWaiting?: { count: number; amount: Yen };
  /** Buyback devices received and waiting for a grader. */
  inGrading?: { count: number };
  /** Money alerts nobody has resolved yet. */
  moneyAlerts?: { count: number };
};

const number = (v: unknown) => Number(v ?? 0);

/** The dashboard's figures for this operator, read in one go. */
export async function dashboardFigures(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<DashboardFigures> {
  const operator = await authorize(ctx, o.actor, "staff:access");
  const may = (p: Parameters<typeof hasPermission>[1]) => hasPermission(operator.roles, p);
  const now = ctx.clock.now();
  const dayStart = startOfTokyoDay(now);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const [sales, payoutsWaiting, inGrading, alerts] = await Promise.all([
    may("transactions:read")
      ? ctx.db
          .select({ n: count(), gmv: sum(transactions.price) })
          .from(transactions)
          .where(
            and(
              gte(transactions.createdAt, dayStart),
              lt(transactions.createdAt, dayEnd),
              notInArray(transactions.state, [...NOT_SALES]),
            ),
          )
      : null,
    may("payouts:read")
      ? ctx.db
          .select({ n: count(), amount: sum(payouts.amount) })
          .from(payouts)
          .where(eq(payouts.state, "READY"))
      : null,
    may("buyback:grade")
      ? ctx.db.select({ n: count() }).from(buybackItems).where(eq(buybackItems.state, "30"))
      : null,
    may("payouts:read")
      ? ctx.db.select({ n: count() }).from(moneyAlerts).where(isNull(moneyAlerts.resolvedAt))
      : null,
  ]);
  return {
    ...(sales
      ? { sales: { day: tokyoNow(now).date, count: number(sales[0]?.n), gmv: number(sales[0]?.gmv) } }
      : {}),
    ...(payoutsWaiting
      ? { payoutsWaiting: { count: number(payoutsWaiting[0]?.n), amount: number(payoutsWaiting[0]?.amount) } }
      : {}),
    ...(inGrading ? { inGrading: { count: number(inGrading[0]?.n) } } : {}),
    ...(alerts ? { moneyAlerts: { count: number(alerts[0]?.n) } } : {}),
  };
}
