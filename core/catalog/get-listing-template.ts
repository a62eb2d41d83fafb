import { and, eq } from "drizzle-orm";
import { listingTemplates } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { columns, type ListingTemplate } from "./listing-templates.ts";

/** One of the seller's own templates (another's is not found). */
export async function getListingTemplate(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; templateId: number },
): Promise<ListingTemplate> {
  const [row] = await ctx.db
    .select(columns)
    .from(listingTemplates)
    .where(and(eq(listingTemplates.id, o.templateId), eq(listingTemplates.sellerId, o.actor.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
