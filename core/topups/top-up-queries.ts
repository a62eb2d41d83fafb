import { and, eq } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { TOP_UP_MESSAGES } from "./start-voucher-top-up.ts";
import type { TopUpRow } from "./top-up-states.ts";

/** A top-up as its member sees it: what to pay, where, by when, and where it stands. */
export type MemberTopUpView = {
  id: number;
  method: TopUpRow["method"];
  store: string | null;
  amount: number;
  state: TopUpRow["state"];
  /** What to give at the store or ATM (payment code, confirmation number, customer number…). */
  voucher: Record<string, string>;
  deadline: Date | null;
  paidAt: Date | null;
  createdAt: Date;
};

/** The view of a top-up row a use case answered. */
export function toMemberTopUp(row: TopUpRow): MemberTopUpView {
  return {
    id: row.id,
    method: row.method,
    store: row.store,
    amount: row.amount,
    state: row.state,
    voucher: row.voucher,
    deadline: row.deadline,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/** One of the member's own top-ups; anyone else's is not found (never told apart from none). */
export async function getMemberTopUp(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; topUpId: number },
): Promise<MemberTopUpView> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, o.topUpId), eq(topUps.userId, o.userId)));
  if (!row) throw new AppError("NOT_FOUND", { message: TOP_UP_MESSAGES.notFound });
  return toMemberTopUp(row);
}
