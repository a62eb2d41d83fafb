import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { changeState } from "../../state/change-state.ts";
import { TOP_UP_MACHINE, type TopUpRow } from "./top-up-states.ts";

type TopUpAction = keyof typeof TOP_UP_MACHINE.transitions;

/** Moves a top-up by `action` from the state it was read in (see `changeState`). */
export async function moveTopUp(
  ctx: Pick<CoreContext, "db" | "clock">,
  row: TopUpRow,
  action: TopUpAction,
  o: { reason?: string; set?: Partial<TopUpRow>; actor?: { role: "member" | "system"; id?: number } } = {},
): Promise<TopUpRow> {
  const { to } = await changeState(ctx, {
    machine: TOP_UP_MACHINE,
    table: topUps,
    id: row.id,
    from: row.state,
    action,
    actor: o.actor ?? { role: "system" },
    reason: o.reason ?? null,
    ...(o.set ? { set: o.set } : {}),
  });
  return { ...row, ...o.set, state: to };
}
