import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { items, moderationDecisions, sessions, stateHistory, transactions, users } from "#db/schema/index.ts";
import { ITEM_MACHINE } from "../catalog/item-states.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { Clock } from "../shared/clock.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type Operator, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { tradeNotice } from "../trading/trade-notice.ts";
import { TRANSACTION_MACHINE } from "../trading/transaction-states.ts";
import { moderationReason } from "./codes.ts";
import { parseModeration, recordDecision } from "./decisions.ts";

type Options = { actor: SessionUser | null; userId: number; input: unknown; meta?: RequestMeta | undefined };

/** Listings a suspension takes off sale: those buyers could buy or ask about. */
const ON_SALE = ["SALE", "ASK"] as const;

export type SuspensionResult = {
  decisionId: number;
  suspendedAt: Date | null;
  /** Transactions put on hold (suspend) and listings hidden (suspend) or shown again (restore). */
  heldTransactions: number[];
  items: number[];
};

/**
 * Trust and safety suspends a member: they are logged out everywhere and cannot log in; their open
 * transactions go on hold (PENDING) for the office to review, and their listings on sale are
 * hidden so no one can buy them. All in one database transaction, each step in the audit log, and
 * the member told why, with the case number to appeal with.
 */
export async function suspendMember(ctx: CoreContext, o: Options): Promise<SuspensionResult> {
  const operator = await authorize(ctx, o.actor, "members:suspend");
  const { reasonCode, note } = parseModeration("suspend_member", o.input);
  return ctx.db.transaction(async (tx) => {
    const deps = { db: tx, clock: ctx.clock };
    const member = await lockMember(tx, o.userId);
    if (member.suspendedAt) {
      throw new AppError("CONFLICT", { message: msg("moderation.errors.alreadySuspended") });
    }
    const decisionId = await recordDecision(deps, {
      operator,
      action: "suspend_member",
      targetType: "user",
      targetId: member.id,
      memberId: member.id,
      reasonCode,
      note,
    });
    const now = ctx.clock.now();
    await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, member.id));
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    const reason = moderationReason(decisionId);
    const heldTransactions = await holdOpenTransactions(deps, {
      operator,
      memberId: member.id,
      reason,
      note,
      meta: o.meta,
    });
    const hidden = await tx
      .select({ id: items.id, state: items.state, heldFrom: items.heldFrom })
      .from(items)
      .where(and(eq(items.sellerId, member.id), inArray(items.state, [...ON_SALE])))
      .orderBy(items.id)
      .for("update");
    for (const item of hidden) {
      const heldFrom = item.state as (typeof ON_SALE)[number];
      await changeState(deps, {
        machine: ITEM_MACHINE,
        table: items,
        id: item.id,
        from: item.state,
        action: "hide",
        actor: { role: "operator", id: operator.id },
        reason,
        set: { heldFrom },
      });
      await recordAudit(deps, {
        operator,
        action: "listings:moderate",
        target: { type: "item", id: item.id },
        changes: {
          state: [item.state, "HIDDEN"],
          heldFrom: [item.heldFrom, heldFrom],
          decisionId: [null, decisionId],
        },
        reason: note,
        meta: o.meta,
      });
    }
    await recordAudit(deps, {
      operator,
      action: "members:suspend",
      target: { type: "user", id: member.id },
      changes: { suspendedAt: [null, now.toISOString()], decisionId: [null, decisionId] },
      reason: note,
      meta: o.meta,
    });
    return { decisionId, suspendedAt: now, heldTransactions, items: hidden.map((i) => i.id) };
  });
}

/**
 * Lifts a suspension: the member may log in again, and the listings the suspension hid come back
 * to where they were. Transactions stay on hold: the office releases each after reviewing it.
 */
export async function restoreMember(ctx: CoreContext, o: Options): Promise<SuspensionResult> {
  const operator = await authorize(ctx, o.actor, "members:suspend");
  const { reasonCode, note } = parseModeration("restore_member", o.input);
  return ctx.db.transaction(async (tx) => {
    const deps = { db: tx, clock: ctx.clock };
    const member = await lockMember(tx, o.userId);
    if (!member.suspendedAt) {
      throw new AppError("CONFLICT", { message: msg("moderation.errors.notSuspended") });
    }
    const [suspension] = await tx
      .select({ id: moderationDecisions.id })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.action, "suspend_member"),
          eq(moderationDecisions.targetType, "user"),
          eq(moderationDecisions.targetId, member.id),
        ),
      )
      .orderBy(desc(moderationDecisions.id))
      .limit(1);
    const decisionId = await recordDecision(deps, {
      operator,
      action: "restore_member",
      targetType: "user",
      targetId: member.id,
      memberId: member.id,
      reasonCode,
      note,
    });
    const now = ctx.clock.now();
    await tx.update(users).set({ suspendedAt: null, updatedAt: now }).where(eq(users.id, member.id));
    const restored = suspension ? await hiddenBySuspension(tx, member.id, suspension.id) : [];
    for (const item of restored) {
      await changeState(deps, {
        machine: ITEM_MACHINE,
        table: items,
        id: item.id,
        from: "HIDDEN",
        heldFrom: item.heldFrom,
        action: "restore",
        actor: { role: "operator", id: operator.id },
        reason: moderationReason(decisionId),
        set: { heldFrom: null },
      });
      await recordAudit(deps, {
        operator,
        action: "listings:moderate",
        target: { type: "item", id: item.id },
        changes: {
          state: ["HIDDEN", item.heldFrom],
          heldFrom: [item.heldFrom, null],
          decisionId: [null, decisionId],
        },
        reason: note,
        meta: o.meta,
      });
    }
    await recordAudit(deps, {
      operator,
      action: "members:suspend",
      target: { type: "user", id: member.id },
      changes: { suspendedAt: [member.suspendedAt.toISOString(), null], decisionId: [null, decisionId] },
      reason: note,
      meta: o.meta,
    });
    return { decisionId, suspendedAt: null, heldTransactions: [], items: restored.map((i) => i.id) };
  });
}

/** The account, locked; only members and business buyers can be suspended, and not by themselves. */
async function lockMember(db: Db, userId: number) {
  const [member] = await db
    .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!member) throw new AppError("NOT_FOUND");
  if (member.role === "operator")
    throw new AppError("CONFLICT", { message: msg("moderation.errors.notAMember") });
  return member;
}

/** Puts every open transaction the member buys or sells in on hold, as the office's hold does. */
async function holdOpenTransactions(
  deps: { db: Db; clock: Clock },
  o: { operator: Operator; memberId: number; reason: string; note: string; meta: RequestMeta | undefined },
): Promise<number[]> {
  const open = await deps.db
    .select({
      id: transactions.id,
      itemId: transactions.itemId,
      buyerId: transactions.buyerId,
      sellerId: transactions.sellerId,
      state: transactions.state,
      heldFrom: transactions.heldFrom,
    })
    .from(transactions)
    .where(
      and(
        or(eq(transactions.buyerId, o.memberId), eq(transactions.sellerId, o.memberId)),
        inArray(transactions.state, [...TRANSACTION_MACHINE.transitions.hold.from]),
      ),
    )
    .orderBy(transactions.id)
    .for("update");
  for (const t of open) {
    await changeState(deps, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action: "hold",
      actor: { role: "operator", id: o.operator.id },
      reason: o.reason,
      set: { heldFrom: t.state },
    });
    await recordAudit(deps, {
      operator: o.operator,
      action: "transactions:hold",
      target: { type: "transaction", id: t.id },
      changes: { state: [t.state, "PENDING"], heldFrom: [t.heldFrom, t.state] },
      reason: o.note,
      meta: o.meta,
    });
    // The other party learns the office has paused it (the suspended member is told by the decision's own notice).
    const other = t.buyerId === o.memberId ? t.sellerId : t.buyerId;
    await tradeNotice(deps, { userId: other, kind: "purchase", transaction: t, event: "held" });
  }
  return open.map((t) => t.id);
}

/** The member's hidden listings whose last step was the hide of this suspension (not a hide of their own). */
async function hiddenBySuspension(db: Db, memberId: number, suspensionId: number) {
  const hidden = await db
    .select({ id: items.id, heldFrom: items.heldFrom })
    .from(items)
    .where(and(eq(items.sellerId, memberId), eq(items.state, "HIDDEN")))
    .orderBy(items.id)
    .for("update");
  const out: { id: number; heldFrom: NonNullable<(typeof hidden)[number]["heldFrom"]> }[] = [];
  for (const item of hidden) {
    const [last] = await db
      .select({ action: stateHistory.action, reason: stateHistory.reason })
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, ITEM_MACHINE.name), eq(stateHistory.rowId, item.id)))
      .orderBy(desc(stateHistory.id))
      .limit(1);
    if (last?.action === "hide" && last.reason === moderationReason(suspensionId) && item.heldFrom) {
      out.push({ id: item.id, heldFrom: item.heldFrom });
    }
  }
  return out;
}
