import { and, desc, eq } from "drizzle-orm";
import { items, moderationDecisions, stateHistory } from "#db/schema/index.ts";
import { ITEM_MACHINE } from "../catalog/item-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { appealPath, decisionIdOf, type ModerationAction } from "./codes.ts";

export type HiddenNotice = {
  caseNumber: number;
  action: ModerationAction;
  reasonCode: string;
  note: string;
  /** The appeal form, under the language prefix. */
  appealPath: string;
};

/**
 * Why a listing is hidden, for its seller's eyes only: the decision that hid it (a hide of the
 * listing, or the suspension of the account), its rule, note and case number. Null for anyone else
 * and for a listing that is not hidden.
 */
export async function getHiddenNotice(
  ctx: Pick<CoreContext, "db">,
  o: { itemId: number; viewerId: number | null },
): Promise<HiddenNotice | null> {
  if (o.viewerId === null) return null;
  const [item] = await ctx.db
    .select({ sellerId: items.sellerId, state: items.state })
    .from(items)
    .where(eq(items.id, o.itemId));
  if (!item || item.sellerId !== o.viewerId || item.state !== "HIDDEN") return null;
  const [hide] = await ctx.db
    .select({ reason: stateHistory.reason })
    .from(stateHistory)
    .where(
      and(
        eq(stateHistory.machine, ITEM_MACHINE.name),
        eq(stateHistory.rowId, o.itemId),
        eq(stateHistory.toState, "HIDDEN"),
      ),
    )
    .orderBy(desc(stateHistory.id))
    .limit(1);
  const decisionId = decisionIdOf(hide?.reason ?? null);
  if (decisionId === null) return null;
  const [decision] = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.id, decisionId));
  if (!decision) return null;
  return {
    caseNumber: decision.id,
    action: decision.action,
    reasonCode: decision.reasonCode,
    note: decision.note,
    appealPath: appealPath(decision.id),
  };
}
