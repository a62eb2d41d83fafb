import { and, desc, eq, isNull } from "drizzle-orm";
import { type buybackCompanies, buybackInvitations } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";

export type BuyerCompany = typeof buybackCompanies.$inferSelect;

export const COMPANY_NOT_FOUND = msg("buybackOffice.companies.errors.notFound");

const EDITABLE = ["name", "invoiceNumber", "address", "phone", "dealerLicence"] as const;

export function editable(row: Pick<BuyerCompany, (typeof EDITABLE)[number]>) {
  return Object.fromEntries(EDITABLE.map((k) => [k, row[k]]));
}

/** An invitation waiting to be used, or run out unused (an operator can send it again). */
export type PendingInvitation = {
  id: number;
  companyId: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
};

export async function pendingInvitations(
  ctx: CoreContext,
  companyId: number | null,
): Promise<PendingInvitation[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      id: buybackInvitations.id,
      companyId: buybackInvitations.companyId,
      email: buybackInvitations.email,
      createdAt: buybackInvitations.createdAt,
      expiresAt: buybackInvitations.expiresAt,
    })
    .from(buybackInvitations)
    .where(
      and(
        isNull(buybackInvitations.acceptedAt),
        companyId === null ? undefined : eq(buybackInvitations.companyId, companyId),
      ),
    )
    .orderBy(desc(buybackInvitations.createdAt), desc(buybackInvitations.id));
  return rows.map((r) => ({ ...r, expired: r.expiresAt <= now }));
}
