import type { ItemState } from "../shared/codes.ts";
import { AppError } from "../shared/errors.ts";

export type ItemActor = "seller" | "operator" | "system";

/**
 * The listing's life as data: which action moves it from which states to which, and who may take
 * it. Purchases and cancellations ("system") come from the transactions of the buying flow.
 */
export const ITEM_TRANSITIONS = {
  publish: { from: ["DRAFT", "PRIVATE", "DISABLED"], to: "SALE", by: ["seller"] },
  make_private: { from: ["SALE", "DISABLED"], to: "PRIVATE", by: ["seller"] },
  stop_selling: { from: ["SALE"], to: "DISABLED", by: ["seller", "operator"] },
  sell: { from: ["SALE"], to: "SOLD", by: ["system"] },
  relist: { from: ["SOLD"], to: "SALE", by: ["system"] },
} as const satisfies Record<string, { from: readonly ItemState[]; to: ItemState; by: readonly ItemActor[] }>;

export type ItemAction = keyof typeof ITEM_TRANSITIONS;

/** States in which the seller may still edit or delete the listing (a sold item belongs to its transaction). */
export const EDITABLE_STATES: readonly ItemState[] = ["DRAFT", "SALE", "PRIVATE", "DISABLED"];

/** States anyone may see; drafts and private listings are the seller's alone. */
export const PUBLIC_STATES: readonly ItemState[] = ["SALE", "ASK", "SOLD", "DISABLED"];

export const STATE_MESSAGES = {
  notAllowed: { ja: "この出品ではその操作はできません", en: "This listing cannot do that now" },
  sold: { ja: "売り切れた商品は編集・削除できません", en: "A sold item cannot be edited or deleted" },
};

/** The state changes an actor may take on a listing now, read off the table: what a page offers. */
export function availableItemActions(state: ItemState, actor: ItemActor): ItemAction[] {
  return (Object.keys(ITEM_TRANSITIONS) as ItemAction[]).filter(
    (action) =>
      (ITEM_TRANSITIONS[action].by as readonly ItemActor[]).includes(actor) &&
      (ITEM_TRANSITIONS[action].from as readonly ItemState[]).includes(state),
  );
}

export function nextItemState(from: ItemState, action: ItemAction, actor: ItemActor): ItemState {
  const t = ITEM_TRANSITIONS[action];
  if (!(t.by as readonly ItemActor[]).includes(actor)) throw new AppError("FORBIDDEN");
  if (!(t.from as readonly ItemState[]).includes(from)) {
    throw new AppError("CONFLICT", {
      message: from === "SOLD" ? STATE_MESSAGES.sold : STATE_MESSAGES.notAllowed,
    });
  }
  return t.to;
}
