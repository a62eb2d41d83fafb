import type { z } from "zod";
import type { JobDefinition } from "../jobs/define-job.ts";
import { AppError } from "../shared/errors.ts";
import type { Message } from "../shared/i18n/translate.ts";

/** `release` and the like go back to the state a hold interrupted, kept beside the row. */
export const RETURN_TO_HELD = "(held)" as const;

/** The payload every timer job carries: the row, the state it was set for, and when it was entered. */
type TimerPayload = { id: number; state: string; since: number };
export type TimerJob = JobDefinition<z.ZodType<TimerPayload>>;

/**
 * A state machine as data: its states, the states a new row may start in (and who may create it
 * there), each action's allowed starting states, target and roles, and the timed steps that each
 * state starts. Checked by `nextState`; applied to rows only by `changeState`.
 */
export type Machine<S extends string = string, A extends string = string, R extends string = string> = {
  /** The name rows of this machine carry in the state history (`item`, `transaction`, `payment`). */
  readonly name: string;
  readonly states: readonly S[];
  readonly create: { readonly [K in S]?: readonly R[] };
  readonly transitions: {
    readonly [K in A]: {
      readonly from: readonly S[];
      readonly to: S | typeof RETURN_TO_HELD;
      readonly by: readonly R[];
    };
  };
  /** Jobs to run a while after a row enters a state; they do nothing if it has left by then. */
  readonly timers?: { readonly [K in S]?: readonly { readonly job: TimerJob; readonly afterMs: number }[] };
  readonly messages: {
    /** The action exists but not from this state (CONFLICT). */
    readonly notNow: Message;
    /** The role may never take this action (FORBIDDEN). */
    readonly notYours?: Message;
    /** A message for a particular current state, e.g. "a sold item cannot be edited". */
    readonly inState?: { readonly [K in S]?: Message };
  };
};

export function defineMachine<const S extends string, const A extends string, const R extends string>(
  machine: Machine<S, A, R>,
): Machine<S, A, R> {
  for (const [action, t] of Object.entries(machine.transitions) as [
    string,
    { from: readonly S[]; to: string },
  ][]) {
    for (const s of [...t.from, ...(t.to === RETURN_TO_HELD ? [] : [t.to])]) {
      if (!machine.states.includes(s as S)) throw new Error(`${machine.name}.${action}: unknown state ${s}`);
    }
  }
  return machine;
}

/** May `role` take `action` from `from`? (Without the hold's return target: see `nextState`.) */
function mayTake<S extends string, A extends string, R extends string>(
  machine: Machine<S, A, R>,
  from: S,
  action: A,
  role: R,
): boolean {
  const t = machine.transitions[action];
  return t.by.includes(role) && t.from.includes(from);
}

/**
 * The state an action leads to, or an AppError: FORBIDDEN for a role that may never take the
 * action, CONFLICT for an action out of order (or a return to a hold that has no origin).
 */
export function nextState<S extends string, A extends string, R extends string>(
  machine: Machine<S, A, R>,
  from: S,
  action: A,
  role: R,
  heldFrom?: S | null,
): S {
  const t = machine.transitions[action];
  if (!t.by.includes(role)) {
    throw new AppError("FORBIDDEN", machine.messages.notYours ? { message: machine.messages.notYours } : {});
  }
  const notNow = machine.messages.inState?.[from] ?? machine.messages.notNow;
  if (!t.from.includes(from)) throw new AppError("CONFLICT", { message: notNow });
  if (t.to === RETURN_TO_HELD) {
    if (!heldFrom) throw new AppError("CONFLICT", { message: notNow });
    return heldFrom;
  }
  return t.to as S;
}

/** The actions a role may take from a state now: what a page or an API offers. */
export function availableActions<S extends string, A extends string, R extends string>(
  machine: Machine<S, A, R>,
  state: S,
  role: R,
): A[] {
  return (Object.keys(machine.transitions) as A[]).filter((action) => mayTake(machine, state, action, role));
}

/** Throws unless a row may be created in `state` by `role`. */
export function assertCreatable<S extends string, A extends string, R extends string>(
  machine: Machine<S, A, R>,
  state: S,
  role: R,
): void {
  const by = machine.create[state];
  if (!by?.includes(role)) throw new Error(`${machine.name}: a ${role} cannot create a row in ${state}`);
}
