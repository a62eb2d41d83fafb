import { describe, expect, it } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import {
  availableItemActions,
  COMMENTABLE_STATES,
  EDITABLE_STATES,
  ITEM_MACHINE,
  PUBLIC_STATES,
  PURCHASABLE_STATES,
  SEARCHABLE_STATES,
} from "./item-states.ts";

describe("item state machine", () => {
  // Written out by hand: s = seller, o = operator, y = system (the buying flow).
  goldenMatrix(ITEM_MACHINE, {
    roles: { s: "seller", o: "operator", y: "system" },
    create: { DRAFT: "s" },
    // A restore goes back to where the hide found the listing (on sale, here).
    heldFrom: "SALE",
    grid: `
                         ASK  SALE  SOLD  DISABLED  DRAFT  PRIVATE  HIDDEN
      publish       SALE  -    -     -     s         s      s        -
      start_negotiation ASK -  s     -     -         -      -        -
      end_negotiation SALE s   -     -     -         -      -        -
      make_private PRIVATE s   s     -     s         -      -        -
      stop_selling DISABLED so so    -     -         -      -        -
      sell          SOLD  -    y     -     -         -      -        -
      relist        SALE  -    -     y     -         -      -        -
      hide        HIDDEN  o    o     -     o         -      o        -
      restore       held  -    -     -     -         -      -        o
    `,
  });

  it("offers the seller exactly the state changes the table allows now", () => {
    expect(availableItemActions("DRAFT", "seller")).toEqual(["publish"]);
    expect(availableItemActions("SALE", "seller")).toEqual([
      "start_negotiation",
      "make_private",
      "stop_selling",
    ]);
    expect(availableItemActions("ASK", "seller")).toEqual([
      "end_negotiation",
      "make_private",
      "stop_selling",
    ]);
    expect(availableItemActions("DISABLED", "seller")).toEqual(["publish", "make_private"]);
    expect(availableItemActions("SOLD", "seller")).toEqual([]);
    expect(availableItemActions("SALE", "operator")).toEqual(["stop_selling", "hide"]);
    expect(availableItemActions("HIDDEN", "seller")).toEqual([]);
    expect(availableItemActions("HIDDEN", "operator")).toEqual(["restore"]);
  });

  it("derives who sees, finds, comments on, edits and buys a listing from one table", () => {
    expect([...PUBLIC_STATES].sort()).toEqual(["ASK", "DISABLED", "SALE", "SOLD"]);
    expect([...SEARCHABLE_STATES].sort()).toEqual(["ASK", "SALE", "SOLD"]);
    expect([...COMMENTABLE_STATES].sort()).toEqual(["ASK", "DISABLED", "SALE"]);
    expect([...EDITABLE_STATES].sort()).toEqual(["ASK", "DISABLED", "DRAFT", "PRIVATE", "SALE"]);
    expect(PURCHASABLE_STATES).toEqual(["SALE"]);
  });
});
