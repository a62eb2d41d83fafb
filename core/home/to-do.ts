import { and, asc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import {
  balanceLots,
  bankAccounts,
  buybackItems,
  deviceModels,
  items,
  offers,
  payouts,
  transactions,
} from "#db/schema/index.ts";
import { BALANCE_LIMITS } from "../money/balance/limits.ts";
import type { CoreContext } from "../shared/context.ts";
import { isYourTurn, type TradeStep, tradeStep, UNDER_WAY_STATES } from "../trading/trades-under-way.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a payout that came back stays on the list when the member does nothing about it. */
const RETURNED_PAYOUT_DAYS = 30;
/** Proceeds join the list this many days before their 180-day deadline (the first reminder). */
const DEADLINE_WINDOW_DAYS = Math.max(...BALANCE_LIMITS.reminderDays);

/** What every row has: its kind, a key unique in the list, since when it waits, and where it is done. */
type Row<K extends string, T> = {
  kind: K;
  key: string;
  /** Since when it has waited for the member (the list's order, oldest first). */
  since: Date;
  /** Until when it can be done, when there is a limit. */
  due: Date | null;
  /** The page where it is done, under the language prefix (`/items/12/transactions/seller/`). */
  path: string;
} & T;

/**
 * One thing waiting for the member. A new kind is one more member of this union, one collector in
 * `COLLECTORS`, and its words in the catalogue (`toDo.kinds.<kind>`).
 */
export type ToDoItem =
  | Row<
      "trade",
      {
        transactionId: number;
        itemId: number;
        title: string;
        side: "buyer" | "seller";
        step: Extract<TradeStep, "ship" | "rate" | "answerCancel">;
      }
    >
  | Row<
      "offer",
      {
        offerId: number;
        itemId: number;
        title: string;
        /** Answer a buyer's offer (seller), answer a counter (buyer), or buy at the agreed price (buyer). */
        step: "answerOffer" | "answerCounter" | "buy";
        amount: number;
      }
    >
  | Row<"buybackOffer", { buybackItemId: number; modelName: string; amount: number }>
  | Row<"atmCode", { payoutId: number; amount: number }>
  | Row<"payoutReturned", { payoutId: number; method: string; amount: number; state: "FAILED" | "EXPIRED" }>
  | Row<"bankAccountNeeded", { amount: number }>
  | Row<"proceedsDeadline", { amount: number }>;

type Deps = Pick<CoreContext, "db" | "clock">;
type Collector = (ctx: Deps, userId: number, now: Date) => Promise<ToDoItem[]>;

/** Sales and purchases where the member has a step to take: ship, rate, or answer a cancellation. */
const trades: Collector = async (ctx, userId) => {
  const rows = await ctx.db
    .select({
      id: transactions.id,
      itemId: transactions.itemId,
      title: items.title,
      state: transactions.state,
      buyerId: transactions.buyerId,
      cancelRequestedBy: transactions.cancelRequestedBy,
      updatedAt: transactions.updatedAt,
    })
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .where(
      and(
        or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId)),
        inArray(transactions.state, UNDER_WAY_STATES),
      ),
    )
    .orderBy(asc(transactions.updatedAt))
    .limit(200);
  return rows.flatMap((r): ToDoItem[] => {
    const side = r.buyerId === userId ? ("buyer" as const) : ("seller" as const);
    if (!isYourTurn(r.state, side, r.cancelRequestedBy)) return [];
    const step = tradeStep(r.state, side, r.cancelRequestedBy);
    if (step !== "ship" && step !== "rate" && step !== "answerCancel") return [];
    return [
      {
        kind: "trade",
        key: `trade:${r.id}`,
        since: r.updatedAt,
        due: null,
        path: `/items/${r.itemId}/transactions/${side}/`,
        transactionId: r.id,
        itemId: r.itemId,
        title: r.title,
        side,
        step,
      },
    ];
  });
};

/**
 * Price offers whose turn is the member's: a buyer's offer on their listing to answer, a seller's
 * counter to answer, or an agreed price to buy at before the reservation runs out. An offer whose
 * 24 hours have passed is not the member's to act on, even before the job closes it.
 */
const priceOffers: Collector = async (ctx, userId, now) => {
  const rows = await ctx.db
    .select({
      id: offers.id,
      itemId: offers.itemId,
      title: items.title,
      state: offers.state,
      buyerId: offers.buyerId,
      price: offers.price,
      counterPrice: offers.counterPrice,
      agreedPrice: offers.agreedPrice,
      expiresAt: offers.expiresAt,
      reservedUntil: offers.reservedUntil,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .where(
      or(
        and(eq(offers.sellerId, userId), eq(offers.state, "PENDING"), gt(offers.expiresAt, now)),
        and(eq(offers.buyerId, userId), eq(offers.state, "COUNTERED"), gt(offers.expiresAt, now)),
        and(eq(offers.buyerId, userId), eq(offers.state, "ACCEPTED"), gt(offers.reservedUntil, now)),
      ),
    )
    .limit(200);
  return rows.map((r): ToDoItem => {
    const step = r.state === "PENDING" ? "answerOffer" : r.state === "COUNTERED" ? "answerCounter" : "buy";
    return {
      kind: "offer",
      key: `offer:${r.id}`,
      since: r.updatedAt,
      due: step === "buy" ? r.reservedUntil : r.expiresAt,
      path:
        step === "buy"
          ? `/items/${r.itemId}/buy/`
          : step === "answerOffer"
            ? "/mypage/offers/"
            : "/mypage/offers/?side=sent",
      offerId: r.id,
      itemId: r.itemId,
      title: r.title,
      step,
      amount:
        (step === "answerOffer" ? r.price : step === "answerCounter" ? r.counterPrice : r.agreedPrice) ??
        r.price,
    };
  });
};

/** Buyback offers waiting for the member to accept or decline them. */
const buybackOffers: Collector = async (ctx, userId) => {
  const rows = await ctx.db
    .select({
      id: buybackItems.id,
      modelName: deviceModels.name,
      amount: buybackItems.offerAmount,
      offeredAt: buybackItems.offeredAt,
      expiresAt: buybackItems.offerExpiresAt,
      updatedAt: buybackItems.updatedAt,
    })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(and(eq(buybackItems.userId, userId), eq(buybackItems.state, "40")))
    .limit(200);
  return rows.map((r) => ({
    kind: "buybackOffer" as const,
    key: `buybackOffer:${r.id}`,
    since: r.offeredAt ?? r.updatedAt,
    due: r.expiresAt,
    path: `/buyback/transactions/${r.id}/`,
    buybackItemId: r.id,
    modelName: r.modelName,
    amount: r.amount ?? 0,
  }));
};

function payoutPath(method: string, payoutId: number): string {
  const page =
    method === "seven" ? "transfer-seven" : method === "kyash" ? "transfer-kyash" : "transfer-bank";
  return `/balance/${page}/finish/?id=${payoutId}`;
}

/**
 * Payouts that need the member: cash waiting at a Seven Bank ATM until its code runs out, and
 * payouts that came back (returned by the bank or wallet, or an ATM code left unused) and have not
 * been asked for again since, for 30 days.
 */
const payoutActions: Collector = async (ctx, userId, now) => {
  const later = sql`exists (select 1 from ${payouts} as later where later.user_id = ${payouts.userId} and later.id > ${payouts.id})`;
  const rows = await ctx.db
    .select({
      id: payouts.id,
      method: payouts.method,
      amount: payouts.amount,
      state: payouts.state,
      expiresAt: payouts.expiresAt,
      createdAt: payouts.createdAt,
      updatedAt: payouts.updatedAt,
      completedAt: payouts.completedAt,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        or(
          and(eq(payouts.state, "ISSUED"), gt(payouts.expiresAt, now)),
          and(
            inArray(payouts.state, ["FAILED", "EXPIRED"]),
            gt(payouts.updatedAt, new Date(now.getTime() - RETURNED_PAYOUT_DAYS * DAY_MS)),
            sql`not ${later}`,
          ),
        ),
      ),
    )
    .limit(50);
  return rows.map((p): ToDoItem => {
    if (p.state === "ISSUED") {
      return {
        kind: "atmCode",
        key: `atmCode:${p.id}`,
        since: p.createdAt,
        due: p.expiresAt,
        path: payoutPath(p.method, p.id),
        payoutId: p.id,
        amount: p.amount,
      };
    }
    return {
      kind: "payoutReturned",
      key: `payoutReturned:${p.id}`,
      since: p.completedAt ?? p.updatedAt,
      due: null,
      path: payoutPath(p.method, p.id),
      payoutId: p.id,
      method: p.method,
      amount: p.amount,
      state: p.state === "EXPIRED" ? "EXPIRED" : "FAILED",
    };
  });
};

/**
 * Proceeds and their 180-day deadline: those past it with no bank account to pay them to (the
 * member registers one), and those whose deadline is within 30 days (the member uses or withdraws
 * them, or they are paid out by themselves).
 */
const proceedsDeadlines: Collector = async (ctx, userId, now) => {
  const open = and(
    eq(balanceLots.userId, userId),
    eq(balanceLots.kind, "proceeds"),
    gt(balanceLots.remaining, 0),
  );
  const window = new Date(now.getTime() + DEADLINE_WINDOW_DAYS * DAY_MS);
  const [[past], [near], [bank]] = await Promise.all([
    ctx.db
      .select({
        amount: sql<string | null>`sum(${balanceLots.remaining})`,
        first: sql<Date | string | null>`min(${balanceLots.deadlineAt})`,
      })
      .from(balanceLots)
      .where(and(open, lte(balanceLots.deadlineAt, now))),
    ctx.db
      .select({
        amount: sql<string | null>`sum(${balanceLots.remaining})`,
        first: sql<Date | string | null>`min(${balanceLots.deadlineAt})`,
      })
      .from(balanceLots)
      .where(and(open, gt(balanceLots.deadlineAt, now), lte(balanceLots.deadlineAt, window))),
    ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1),
  ]);
  const out: ToDoItem[] = [];
  if (past?.first && Number(past.amount) > 0 && !bank) {
    out.push({
      kind: "bankAccountNeeded",
      key: "bankAccountNeeded",
      since: new Date(past.first),
      due: null,
      path: "/settings/bank-account/",
      amount: Number(past.amount),
    });
  }
  if (near?.first && Number(near.amount) > 0) {
    const due = new Date(near.first);
    out.push({
      kind: "proceedsDeadline",
      key: "proceedsDeadline",
      since: new Date(due.getTime() - DEADLINE_WINDOW_DAYS * DAY_MS),
      due,
      path: "/balance/transfer-bank/",
      amount: Number(near.amount),
    });
  }
  return out;
};

const COLLECTORS: readonly Collector[] = [
  trades,
  priceOffers,
  buybackOffers,
  payoutActions,
  proceedsDeadlines,
];

export type ToDoList = { items: ToDoItem[]; total: number };

/**
 * Everything waiting for the member, in one list, oldest first: trades for them to ship, rate or
 * answer, price offers to answer or buy at, buyback offers to answer, cash to take at an ATM, payouts that came back, a bank account
 * to register for proceeds past their deadline, and proceeds near their deadline. What the home
 * page (its first few) and my page (all of it) show, and `GET /api/v1/me/to-do` answers.
 */
export async function toDoList(ctx: Deps, o: { userId: number; limit?: number }): Promise<ToDoList> {
  const now = ctx.clock.now();
  const found = (await Promise.all(COLLECTORS.map((collect) => collect(ctx, o.userId, now)))).flat();
  found.sort((a, b) => a.since.getTime() - b.since.getTime() || a.key.localeCompare(b.key));
  return { items: o.limit === undefined ? found : found.slice(0, o.limit), total: found.length };
}
