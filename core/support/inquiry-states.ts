import { INQUIRY_STATES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { availableActions, defineMachine } from "../state/machine.ts";

export type InquiryState = (typeof INQUIRY_STATES)[number];
/**
 * Who acts on an inquiry: the member who asked it, an operator of the support desk, or a visitor
 * who asked from the help centre's contact form (and is answered by mail).
 */
export type InquiryRole = "member" | "operator" | "visitor";

/**
 * An inquiry as data: a member, or a visitor by the contact form, opens it (OPEN: waiting for support); an operator's answer
 * makes it ANSWERED; the member's next message puts it back in the queue (OPEN), and a member adding
 * to a thread still waiting is the same step, from OPEN to OPEN; either side closes it, and only the
 * member reopens it.
 */
export const INQUIRY_MACHINE = defineMachine({
  name: "support_inquiry",
  states: INQUIRY_STATES,
  create: { OPEN: ["member", "visitor"] },
  transitions: {
    answer: { from: ["OPEN", "ANSWERED"], to: "ANSWERED", by: ["operator"] },
    reply: { from: ["ANSWERED", "OPEN"], to: "OPEN", by: ["member"] },
    close: { from: ["OPEN", "ANSWERED"], to: "CLOSED", by: ["member", "operator"] },
    reopen: { from: ["CLOSED"], to: "OPEN", by: ["member"] },
  },
  messages: {
    notNow: msg("support.errors.notNow"),
    notYours: msg("support.errors.notYours"),
    inState: { CLOSED: msg("support.errors.closed") },
  },
});

export type InquiryAction = keyof typeof INQUIRY_MACHINE.transitions;

/** What a page offers the member or the operator on an inquiry in this state. */
export function availableInquiryActions(state: InquiryState, role: InquiryRole): InquiryAction[] {
  return availableActions(INQUIRY_MACHINE, state, role);
}
