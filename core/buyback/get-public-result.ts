import { and, eq } from "drizzle-orm";
import { buybackItems, deviceModels } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { COLUMNS, COMPLETED, type PublicResult, toResult } from "./public-results.ts";

/** One completed buyback (`/buyback/results/{id}/`); any other device is a 404. */
export async function getPublicResult(ctx: CoreContext, o: { id: number }): Promise<PublicResult> {
  const [row] = await ctx.db
    .select(COLUMNS)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(and(COMPLETED, eq(buybackItems.id, o.id)));
  if (!row) throw new AppError("NOT_FOUND", { message: msg("buybackPublic.errors.resultNotFound") });
  return toResult(row);
}
