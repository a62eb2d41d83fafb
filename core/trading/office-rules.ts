import { z } from "zod";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, required, text } from "../shared/validation/index.ts";
import { hasPermission, type OperatorRole, type Permission } from "../staff/permissions.ts";
import { availableActions } from "../state/machine.ts";
import type { TransactionState } from "./codes.ts";
import { TRANSACTION_MACHINE, type TransactionAction } from "./transaction-states.ts";

/**
 * The steps the office takes on a transaction under review, each with the state machine's action
 * it takes and the permission it needs. Pages and the API offer a step only when both the machine
 * (from the state now, as an operator) and the operator's roles allow it.
 */
export const OFFICE_STEPS = {
  hold: { action: "hold", permission: "transactions:hold" },
  release: { action: "release", permission: "transactions:hold" },
  cancel: { action: "cancel_by_office", permission: "transactions:cancel" },
  complete: { action: "complete_by_office", permission: "transactions:complete" },
} as const satisfies Record<string, { action: TransactionAction; permission: Permission }>;

export type OfficeStep = keyof typeof OFFICE_STEPS;
export const OFFICE_STEP_NAMES = Object.keys(OFFICE_STEPS) as OfficeStep[];

/** States in which the parcel has left the seller: completing for the seller is possible only then. */
const SHIPPED_STATES: readonly string[] = ["SHIPPING", "REVIEWED_BY_BUYER"];

/**
 * May the office complete a sale in `state`? A hold (PENDING) is completed only when it interrupted
 * a shipped sale: the seller is never paid for a parcel that never left.
 */
export function completableByOffice(state: string, heldFrom: string | null): boolean {
  return SHIPPED_STATES.includes(state) || (state === "PENDING" && SHIPPED_STATES.includes(heldFrom ?? ""));
}

/** The office steps an operator holding `roles` may take on a transaction now, in table order. */
export function officeStepsFor(
  state: TransactionState,
  heldFrom: string | null,
  roles: readonly OperatorRole[],
): OfficeStep[] {
  const actions = availableActions(TRANSACTION_MACHINE, state, "operator");
  return OFFICE_STEP_NAMES.filter((step) => {
    const { action, permission } = OFFICE_STEPS[step];
    if (!actions.includes(action) || !hasPermission(roles, permission)) return false;
    return step !== "complete" || completableByOffice(state, heldFrom);
  });
}

/** Every office step says why: free text, 1–500 characters. */
const ZOfficeReason = z.object({ reason: text(required(), maxLength(500)) });

/** The reason an operator gave, or VALIDATION with the field's message in each language. */
export function parseOfficeReason(input: unknown): string {
  return parseInput(ZOfficeReason, input, { reason: msg("office.fields.reason") }).reason;
}
