import { asc, count, eq } from "drizzle-orm";
import { buybackBuyers, buybackCompanies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { authorize } from "../staff/authorize.ts";
import { type BuyerCompany, type PendingInvitation, pendingInvitations } from "./buyer-companies.ts";

/** Every buyer company with how many buyers it has and its unused invitations (`buyback:manage`). */
export async function listBuyerCompanies(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<{ companies: (BuyerCompany & { buyerCount: number })[]; invitations: PendingInvitation[] }> {
  await authorize(ctx, o.actor, "buyback:manage");
  const companies = await ctx.db
    .select({ company: buybackCompanies, buyerCount: count(buybackBuyers.userId) })
    .from(buybackCompanies)
    .leftJoin(buybackBuyers, eq(buybackBuyers.companyId, buybackCompanies.id))
    .groupBy(buybackCompanies.id)
    .orderBy(asc(buybackCompanies.id));
  return {
    companies: companies.map((r) => ({ ...r.company, buyerCount: Number(r.buyerCount) })),
    invitations: await pendingInvitations(ctx, null),
  };
}
