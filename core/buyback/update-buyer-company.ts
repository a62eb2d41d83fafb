import { eq } from "drizzle-orm";
import { buybackCompanies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { type BuyerCompany, COMPANY_NOT_FOUND, editable } from "./buyer-companies.ts";
import { COMPANY_LABELS, ZBuyerCompany } from "./buyer-fields.ts";

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
