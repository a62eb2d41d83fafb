import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { buybackBuyers, buybackCompanies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { type BuyerCompany, type PendingInvitation, pendingInvitations } from "./buyer-companies.ts";

/** The sort, read leniently from a query string: by default the order the companies were added in. */
const ZCompanyQuery = z.object(sortFields(["id", "name", "invoiceNumber"], "id", "asc"));

const SORT_COLUMNS = {
  id: buybackCompanies.id,
  name: buybackCompanies.name,
  invoiceNumber: buybackCompanies.invoiceNumber,
};

/**
 * Every buyer company with how many buyers it has, in the order they were added or sorted by name
 * or registration number (`sort`, `dir`), and the unused invitations (`buyback:manage`).
 */
export async function listBuyerCompanies(
  ctx: CoreContext,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<{
  companies: (BuyerCompany & { buyerCount: number })[];
  invitations: PendingInvitation[];
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
}> {
  await authorize(ctx, o.actor, "buyback:manage");
  const q = ZCompanyQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const companies = await ctx.db
    .select({ company: buybackCompanies, buyerCount: count(buybackBuyers.userId) })
    .from(buybackCompanies)
    .leftJoin(buybackBuyers, eq(buybackBuyers.companyId, buybackCompanies.id))
    .groupBy(buybackCompanies.id)
    .orderBy(...sortOrder(SORT_COLUMNS[q.sort], q.dir, buybackCompanies.id));
  return {
    companies: companies.map((r) => ({ ...r.company, buyerCount: Number(r.buyerCount) })),
    invitations: await pendingInvitations(ctx, null),
    sort: q.sort,
    dir: q.dir,
  };
}
