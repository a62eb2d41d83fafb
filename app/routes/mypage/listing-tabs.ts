import type { ItemState } from "#core/catalog/item-states.ts";

/** The tabs of "my listings" and the states each shows (a listing under negotiation is still on sale). */
export const LISTING_TABS = {
  sale: ["SALE", "ASK"],
  draft: ["DRAFT"],
  stopped: ["PRIVATE", "DISABLED"],
  sold: ["SOLD"],
} as const satisfies Record<string, readonly ItemState[]>;
export type ListingTab = keyof typeof LISTING_TABS;
