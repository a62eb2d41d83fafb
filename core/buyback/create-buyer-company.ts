import { buybackCompanies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { type BuyerCompany, editable } from "./buyer-companies.ts";
import { COMPANY_LABELS, ZBuyerCompany } from "./buyer-fields.ts";

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
