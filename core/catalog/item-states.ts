import { ITEM_STATE_CODES } from "#db/schema/codes.ts";
import { msg } from "../shared/i18n/translate.ts";
import { availableActions, defineMachine, RETURN_TO_HELD } from "../state/machine.ts";

/** A listing's state; the list is the schema's (`db/schema/codes.ts`), labelled by `codes.itemState`. */
export type ItemState = (typeof ITEM_STATE_CODES)[number];

export type ItemActor = "seller" | "operator" | "system";

/**
 * What each listing state means for everyone else: seen by anyone (`public`), found by search
 * (`searchable`), open to new comments (`commentable`), still the seller's to edit or delete
 * (`editable`, a sold item belongs to its transaction), and open to buyers (`purchasable`).
 * The state sets below are read off this table, and nowhere else.
 */
const ITEM_STATE_TRAITS = {
  ASK: { public: true, searchable: true, commentable: true, editable: true, purchasable: false },
  SALE: { public: true, searchable: true, commentable: true, editable: true, purchasable: true },
  SOLD: { public: true, searchable: true, commentable: false, editable: false, purchasable: false },
  DISABLED: { public: true, searchable: false, commentable: true, editable: true, purchasable: false },
  DRAFT: { public: false, searchable: false, commentable: false, editable: true, purchasable: false },
  PRIVATE: { public: false, searchable: false, commentable: false, editable: true, purchasable: false },
  // Hidden by trust and safety: the seller sees it with the reason, but may not change it until restored.
  HIDDEN: { public: false, searchable: false, commentable: false, editable: false, purchasable: false },
} as const satisfies Record<
  ItemState,
  { public: boolean; searchable: boolean; commentable: boolean; editable: boolean; purchasable: boolean }
>;

const statesWhere = (trait: keyof (typeof ITEM_STATE_TRAITS)["SALE"]): readonly ItemState[] =>
  (Object.keys(ITEM_STATE_TRAITS) as ItemState[]).filter((s) => ITEM_STATE_TRAITS[s][trait]);

/** States anyone may see; drafts and private listings are the seller's alone. */
export const PUBLIC_STATES = statesWhere("public");
/** States search and the public lists show. */
export const SEARCHABLE_STATES = statesWhere("searchable");
/** States in which anyone may comment (comments on a sold item stay visible). */
export const COMMENTABLE_STATES = statesWhere("commentable");
/** States in which the seller may still edit or delete the listing. */
/** Whether a listing in this state takes new comments (a sold one no longer does). */
export function isCommentable(state: ItemState): boolean {
  return COMMENTABLE_STATES.includes(state);
}

export const EDITABLE_STATES = statesWhere("editable");
/** The one state a buyer can buy from. */
export const PURCHASABLE_STATES = statesWhere("purchasable");

/** A listing that is over (sold, or stopped by its seller) may be listed again with the same contents (「同じ内容で出品」). */
const COPYABLE_STATES: readonly string[] = ["SOLD", "DISABLED"] satisfies ItemState[];

/** Whether its seller may list this listing again as a new one: what the pages offer the seller. */
export function isCopyableState(state: string): boolean {
  return COPYABLE_STATES.includes(state);
}

export const STATE_MESSAGES = {
  notAllowed: msg("listing.states.notAllowed"),
  sold: msg("listing.states.sold"),
};

/**
 * The listing's life as data: which action moves it from which states to which, and who may take
 * it. Purchases and cancellations ("system") come from the transactions of the buying flow. ASK
 * (取引相談中) is the seller's own: the listing stays up and takes comments, but cannot be bought
 * until the seller puts it back on sale.
 */
export const ITEM_MACHINE = defineMachine({
  name: "item",
  states: ITEM_STATE_CODES,
  create: { DRAFT: ["seller"] },
  transitions: {
    publish: { from: ["DRAFT", "PRIVATE", "DISABLED"], to: "SALE", by: ["seller"] },
    start_negotiation: { from: ["SALE"], to: "ASK", by: ["seller"] },
    end_negotiation: { from: ["ASK"], to: "SALE", by: ["seller"] },
    make_private: { from: ["SALE", "ASK", "DISABLED"], to: "PRIVATE", by: ["seller"] },
    stop_selling: { from: ["SALE", "ASK"], to: "DISABLED", by: ["seller", "operator"] },
    sell: { from: ["SALE"], to: "SOLD", by: ["system"] },
    relist: { from: ["SOLD"], to: "SALE", by: ["system"] },
    /** Trust and safety takes a listing down (a moderation decision says why)… */
    hide: { from: ["SALE", "ASK", "DISABLED", "PRIVATE"], to: "HIDDEN", by: ["operator"] },
    /** … and puts it back where it was. */
    restore: { from: ["HIDDEN"], to: RETURN_TO_HELD, by: ["operator"] },
  },
  messages: { notNow: STATE_MESSAGES.notAllowed, inState: { SOLD: STATE_MESSAGES.sold } },
});

export type ItemAction = keyof typeof ITEM_MACHINE.transitions;

/** The state changes an actor may take on a listing now, read off the table: what a page offers. */
export function availableItemActions(state: ItemState, actor: ItemActor): ItemAction[] {
  return availableActions(ITEM_MACHINE, state, actor);
}
