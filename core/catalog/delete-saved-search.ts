import { and, eq } from "drizzle-orm";
import { savedSearches } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";

export async function deleteSavedSearch(ctx: CoreContext, o: { actor: SessionUser; id: number }) {
  const deleted = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, o.id), eq(savedSearches.userId, o.actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}
