import { and, eq } from "drizzle-orm";
import { listingTemplates } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";

/** Deletes one of the seller's own templates (another's is not found). */
export async function deleteListingTemplate(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; templateId: number },
): Promise<void> {
  const deleted = await ctx.db
    .delete(listingTemplates)
    .where(and(eq(listingTemplates.id, o.templateId), eq(listingTemplates.sellerId, o.actor.id)))
    .returning({ id: listingTemplates.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}
