import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { buybackBuyers, buybackCompanies, buybackInvitations, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { COMPANY_LABELS, ZBuyerCompany } from "./buyer-fields.ts";

export type BuyerCompany = typeof buybackCompanies.$inferSelect;

export const COMPANY_NOT_FOUND = msg("buybackOffice.companies.errors.notFound");
const EDITABLE = ["name", "invoiceNumber", "address", "phone", "dealerLicence"] as const;

function editable(row: Pick<BuyerCompany, (typeof EDITABLE)[number]>) {
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

async function pendingInvitations(ctx: CoreContext, companyId: number | null): Promise<PendingInvitation[]> {
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

/** Adds a buyer company; audited with what was entered. */
export async function createBuyerCompany(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: unknown; meta?: RequestMeta | undefined },
): Promise<BuyerCompany> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const input = parseInput(ZBuyerCompany, o.input, COMPANY_LABELS);
  const values = { ...input, invoiceNumber: input.invoiceNumber || null };
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(buybackCompanies)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:company_create",
        target: { type: "buyback_company", id: row!.id },
        changes: diffFields(null, editable(values)),
        meta: o.meta,
      },
    );
    return row!;
  });
}

/** Rewrites a buyer company; the audit entry holds each changed field before and after. */
export async function updateBuyerCompany(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<BuyerCompany> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const input = parseInput(ZBuyerCompany, o.input, COMPANY_LABELS);
  const values = { ...input, invoiceNumber: input.invoiceNumber || null };
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, o.id))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND", { message: COMPANY_NOT_FOUND });
    const changes = diffFields(editable(before), editable(values));
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx
      .update(buybackCompanies)
      .set({ ...values, updatedAt: ctx.clock.now() })
      .where(eq(buybackCompanies.id, o.id))
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "buyback:company_update",
        target: { type: "buyback_company", id: o.id },
        changes,
        meta: o.meta,
      },
    );
    return row!;
  });
}
