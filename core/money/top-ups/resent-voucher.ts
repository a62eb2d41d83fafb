import type { CoreContext } from "../../shared/context.ts";
import { findPendingVoucher } from "./find-pending-voucher.ts";
import type { VoucherTopUpView } from "./get-top-up.ts";
import { checkVoucherTopUp, type TVoucherTopUpInput } from "./start-voucher-top-up.ts";
import type { VoucherMethod } from "./voucher-gateway.ts";

/** How long after its voucher was made a second 確定 with the same values counts as the same one resent. */
const RESENT_WITHIN_MS = 2 * 60 * 1000;

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
