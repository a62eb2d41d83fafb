import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { ItemState } from "../catalog/item-states.ts";
import { ITEM_MACHINE } from "../catalog/item-states.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { moderationReason } from "./codes.ts";
import { parseModeration, recordDecision } from "./decisions.ts";

type Options = { actor: SessionUser | null; itemId: number; input: unknown; meta?: RequestMeta | undefined };
type Result = { decisionId: number; state: ItemState };

/**
 * Trust and safety takes a listing down (HIDDEN): no one but its seller sees it, search does not
 * find it and no one can buy it. The seller sees it with the rule and note, and may appeal.
 */
export function hideItem(ctx: CoreContext, o: Options): Promise<Result> {
  return moderateItem(ctx, o, true);
}

/** … and puts a hidden listing back in the state it was hidden from. */
export function restoreItem(ctx: CoreContext, o: Options): Promise<Result> {
  return moderateItem(ctx, o, false);
}

async function moderateItem(ctx: CoreContext, o: Options, hide: boolean): Promise<Result> {
  const operator = await authorize(ctx, o.actor, "listings:moderate");
  const action = hide ? "hide_item" : "restore_item";
  const { reasonCode, note } = parseModeration(action, o.input);
  return ctx.db.transaction(async (tx) => {
    const [item] = await tx
      .select({
        id: items.id,
        sellerId: items.sellerId,
        state: items.state,
        heldFrom: items.heldFrom,
        title: items.title,
      })
      .from(items)
      .where(eq(items.id, o.itemId))
      .for("update");
    if (!item) throw new AppError("NOT_FOUND");
    if (hide && item.state === "HIDDEN") {
      throw new AppError("CONFLICT", { message: msg("moderation.errors.alreadyHidden") });
    }
    if (!hide && item.state !== "HIDDEN") {
      throw new AppError("CONFLICT", { message: msg("moderation.errors.notHidden") });
    }
    const deps = { db: tx, clock: ctx.clock };
    const decisionId = await recordDecision(deps, {
      operator,
      action,
      targetType: "item",
      targetId: item.id,
      memberId: item.sellerId,
      reasonCode,
      note,
      notice: { title: item.title, itemId: item.id },
    });
    const heldFrom = hide ? (item.state as typeof item.heldFrom) : null;
    const { from, to } = await changeState(deps, {
      machine: ITEM_MACHINE,
      table: items,
      id: item.id,
      from: item.state,
      heldFrom: item.heldFrom,
      action: hide ? "hide" : "restore",
      actor: { role: "operator", id: operator.id },
      reason: moderationReason(decisionId),
      set: { heldFrom },
    });
    await recordAudit(deps, {
      operator,
      action: "listings:moderate",
      target: { type: "item", id: item.id },
      changes: { state: [from, to], heldFrom: [item.heldFrom, heldFrom], decisionId: [null, decisionId] },
      reason: note,
      meta: o.meta,
    });
    return { decisionId, state: to };
  });
}
