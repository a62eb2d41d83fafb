import { and, desc, eq, inArray } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { checkVoucherTopUp, TOP_UP_MESSAGES, type TVoucherTopUpInput } from "./start-voucher-top-up.ts";
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

const VOUCHER_METHODS: VoucherMethod[] = ["cvs", "payeasy"];
/** How long after its voucher was made a second 確定 with the same values counts as the same one resent. */
const RESENT_WITHIN_MS = 2 * 60 * 1000;

const isVoucher = (view: TopUpView): view is VoucherTopUpView =>
  (VOUCHER_METHODS as string[]).includes(view.method);

function toView(row: TopUpRow): TopUpView {
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

/** The member's voucher that waits to be paid (there is at most one), or null. */
export async function findPendingVoucher(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<VoucherTopUpView | null> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(
      and(eq(topUps.userId, userId), eq(topUps.state, "PENDING"), inArray(topUps.method, VOUCHER_METHODS)),
    )
    .orderBy(desc(topUps.id))
    .limit(1);
  const view = row ? toView(row) : null;
  return view && isVoucher(view) ? view : null;
}

/**
 * After a refusal for one pending voucher: the pending voucher when it is this very request sent
 * twice (a double tap on 確定: same method, store and amount, made moments ago), else null.
 */
export async function resentVoucher(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; method: VoucherMethod; input: TVoucherTopUpInput },
): Promise<VoucherTopUpView | null> {
  const pending = await findPendingVoucher(ctx, o.userId);
  if (!pending || pending.method !== o.method) return null;
  const asked = checkVoucherTopUp(o.method, o.input);
  const recent = ctx.clock.now().getTime() - pending.createdAt.getTime() <= RESENT_WITHIN_MS;
  return recent && asked.amount === pending.amount && asked.store === pending.store ? pending : null;
}
