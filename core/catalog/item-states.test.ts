import { describe, expect, it } from "vitest";
import { ITEM_STATES } from "../shared/codes.ts";
import { isAppError } from "../shared/errors.ts";
import {
  availableItemActions,
  ITEM_TRANSITIONS,
  type ItemAction,
  type ItemActor,
  nextItemState,
} from "./item-states.ts";

const ACTORS: ItemActor[] = ["seller", "operator", "system"];

describe("item state machine", () => {
  it("offers the seller exactly the state changes the table allows now", () => {
    expect(availableItemActions("DRAFT", "seller")).toEqual(["publish"]);
    expect(availableItemActions("SALE", "seller")).toEqual(["make_private", "stop_selling"]);
    expect(availableItemActions("DISABLED", "seller")).toEqual(["publish", "make_private"]);
    expect(availableItemActions("SOLD", "seller")).toEqual([]);
    expect(availableItemActions("SALE", "operator")).toEqual(["stop_selling"]);
  });

  // Every state × action × actor: allowed exactly when the table says so.
  for (const { code: from } of ITEM_STATES) {
    for (const action of Object.keys(ITEM_TRANSITIONS) as ItemAction[]) {
      for (const actor of ACTORS) {
        const t = ITEM_TRANSITIONS[action];
        const allowed =
          (t.from as readonly string[]).includes(from) && (t.by as readonly string[]).includes(actor);
        it(`${from} --${action}--> as ${actor}: ${allowed ? t.to : "refused"}`, () => {
          if (allowed) {
            expect(nextItemState(from, action, actor)).toBe(t.to);
          } else {
            try {
              nextItemState(from, action, actor);
              expect.unreachable();
            } catch (error) {
              expect(isAppError(error)).toBe(true);
              expect(["FORBIDDEN", "CONFLICT"]).toContain((error as { code: string }).code);
            }
          }
        });
      }
    }
  }
});
