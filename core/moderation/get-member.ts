import { and, count, eq, inArray, or } from "drizzle-orm";
import { items, moderationDecisions, reports, transactions, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import { maskEmail } from "../staff/mask.ts";
import { hasPermission } from "../staff/permissions.ts";
import { TRANSACTION_MACHINE } from "../trading/transaction-states.ts";
import { decisionsOn } from "./get-report.ts";

/**
 * A member for the back office: who they are, their listings by state, their transactions (bought,
 * sold, in progress, on hold), the open reports about them, whether they are suspended, and every
 * decision made about them. Says whether the operator may suspend or restore them.
 */
export async function getMember(ctx: CoreContext, o: { actor: SessionUser | null; userId: number }) {
  const operator = await authorize(ctx, o.actor, "members:read");
  const [user] = await ctx.db
    .select({
      id: users.id,
      nickname: users.nickname,
      email: users.email,
      role: users.role,
      locale: users.locale,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      identityVerifiedAt: users.identityVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, o.userId));
  if (!user) throw new AppError("NOT_FOUND");
  // Personal data is shown masked; the personal-data page reveals it to pii:read holders, audited.
  user.email = maskEmail(user.email) ?? "";
  const open = [...TRANSACTION_MACHINE.transitions.hold.from];
  const [listings, [bought], [sold], [inProgress], [onHold], [reported], decisions] = await Promise.all([
    ctx.db
      .select({ state: items.state, n: count() })
      .from(items)
      .where(eq(items.sellerId, user.id))
      .groupBy(items.state),
    ctx.db.select({ n: count() }).from(transactions).where(eq(transactions.buyerId, user.id)),
    ctx.db.select({ n: count() }).from(transactions).where(eq(transactions.sellerId, user.id)),
    ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(and(mine(user.id), inArray(transactions.state, open))),
    ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(and(mine(user.id), eq(transactions.state, "PENDING"))),
    ctx.db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.targetType, "user"), eq(reports.targetId, user.id), eq(reports.state, "OPEN"))),
    decisionsOn(ctx.db, eq(moderationDecisions.memberId, user.id)),
  ]);
  return {
    member: user,
    listings: listings.map((l) => ({ state: l.state, count: Number(l.n) })),
    transactions: {
      bought: Number(bought?.n ?? 0),
      sold: Number(sold?.n ?? 0),
      inProgress: Number(inProgress?.n ?? 0),
      onHold: Number(onHold?.n ?? 0),
    },
    openReports: Number(reported?.n ?? 0),
    decisions,
    /** Staff accounts are not suspended from here; others need `members:suspend`. */
    maySuspend: user.role !== "operator" && hasPermission(operator.roles, "members:suspend"),
  };
}

function mine(userId: number) {
  return or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId));
}
