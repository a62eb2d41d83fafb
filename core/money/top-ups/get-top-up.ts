import { and, eq } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { TOP_UP_MESSAGES } from "./start-voucher-top-up.ts";
import type { TopUpRow } from "./top-up-states.ts";
import type { VoucherCodes, VoucherMethod } from "./voucher-gateway.ts";

/** A top-up as its member sees it: what to pay, where, by when, and where it stands. */
export type TopUpView = {
  id: number;
  method: TopUpRow["method"];
  store: string | null;
  amount: number;
  state: TopUpRow["state"];
  /** The provider has answered with the payer's codes (false only while the voucher is being issued). */
  issued: boolean;
  codes: VoucherCodes;
  /** The deadline shown to the member (at least 30 minutes before the provider's). */
  deadline: Date | null;
  paidAt: Date | null;
  createdAt: Date;
};

/** A voucher top-up (paid at a convenience store or by Pay-easy), the only kind with codes to pay. */
export type VoucherTopUpView = TopUpView & { method: VoucherMethod };

export const VOUCHER_METHODS: VoucherMethod[] = ["cvs", "payeasy"];

export const isVoucher = (view: TopUpView): view is VoucherTopUpView =>
  (VOUCHER_METHODS as string[]).includes(view.method);

/** A top-up row as its member sees it. */
export function toView(row: TopUpRow): TopUpView {
  const v = row.voucher ?? {};
  const codes: VoucherCodes = {};
  for (const key of [
    "paymentCode",
    "confirmationNumber",
    "customerNumber",
    "institutionNumber",
    "instructionsUrl",
    "receiptUrl",
  ] as const) {
    if (typeof v[key] === "string" && v[key]) codes[key] = v[key];
  }
  return {
    id: row.id,
    method: row.method,
    store: row.store,
    amount: row.amount,
    state: row.state,
    issued: row.providerPaymentId !== null,
    codes,
    deadline: row.deadline,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/**
 * One of the member's own top-ups, of any method (a card top-up has no codes); anyone else's or an
 * unknown id is NOT_FOUND (never told apart from none).
 */
export async function getTopUp(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; topUpId: number },
): Promise<TopUpView> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, o.topUpId), eq(topUps.userId, o.userId)));
  if (!row) throw new AppError("NOT_FOUND", { message: TOP_UP_MESSAGES.notFound });
  return toView(row);
}

/** One of the member's own voucher top-ups, as `getTopUp`; a card top-up is NOT_FOUND too. */
export async function getVoucherTopUp(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; topUpId: number },
): Promise<VoucherTopUpView> {
  const view = await getTopUp(ctx, o);
  if (!isVoucher(view)) throw new AppError("NOT_FOUND", { message: TOP_UP_MESSAGES.notFound });
  return view;
}
