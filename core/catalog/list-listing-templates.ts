import { desc, eq } from "drizzle-orm";
import { listingTemplates } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { columns, type ListingTemplate } from "./listing-templates.ts";

/** The seller's templates, the one saved last first. */
export async function listListingTemplates(
  ctx: Pick<CoreContext, "db">,
  o: { sellerId: number },
): Promise<ListingTemplate[]> {
  return ctx.db
    .select(columns)
    .from(listingTemplates)
    .where(eq(listingTemplates.sellerId, o.sellerId))
    .orderBy(desc(listingTemplates.updatedAt), desc(listingTemplates.id));
}
