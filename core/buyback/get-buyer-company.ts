import { asc, eq } from "drizzle-orm";
import { buybackBuyers, buybackCompanies, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import {
  type BuyerCompany,
  COMPANY_NOT_FOUND,
  type PendingInvitation,
  pendingInvitations,
} from "./buyer-companies.ts";

/** One company to edit, with its buyers and unused invitations (`buyback:manage`). */
export async function getBuyerCompany(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number },
): Promise<{
  company: BuyerCompany;
  buyers: { userId: number; name: string; email: string; setupAt: Date | null; createdAt: Date }[];
  invitations: PendingInvitation[];
}> {
  await authorize(ctx, o.actor, "buyback:manage");
  const [company] = await ctx.db.select().from(buybackCompanies).where(eq(buybackCompanies.id, o.id));
  if (!company) throw new AppError("NOT_FOUND", { message: COMPANY_NOT_FOUND });
  const buyers = await ctx.db
    .select({
      userId: users.id,
      name: users.nickname,
      email: users.email,
      setupAt: buybackBuyers.setupAt,
      createdAt: buybackBuyers.createdAt,
    })
    .from(buybackBuyers)
    .innerJoin(users, eq(users.id, buybackBuyers.userId))
    .where(eq(buybackBuyers.companyId, o.id))
    .orderBy(asc(buybackBuyers.createdAt), asc(users.id));
  return { company, buyers, invitations: await pendingInvitations(ctx, o.id) };
}
