import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { buybackItems } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

/** Selling to the buyback is for members: a business buyer or an operator account never does. */
export function assertBuybackMember(actor: Pick<SessionUser, "role">): void {
  if (actor.role !== "member") {
    throw new AppError("FORBIDDEN", { message: msg("buybackMember.errors.membersOnly") });
  }
}

/**
 * One of the member's own devices, read under a lock when `lock` (in the caller's transaction).
 * Another member's device is not found: its existence is never revealed.
 */
export async function ownBuybackItem(
  db: Db,
  o: { itemId: number; userId: number; lock?: boolean },
): Promise<typeof buybackItems.$inferSelect> {
  const query = db
    .select()
    .from(buybackItems)
    .where(and(eq(buybackItems.id, o.itemId), eq(buybackItems.userId, o.userId)));
  const [item] = o.lock ? await query.for("update") : await query;
  if (!item) throw new AppError("NOT_FOUND", { message: msg("buyback.errors.notFound") });
  return item;
}
