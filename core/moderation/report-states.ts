import { REPORT_STATES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";

/**
 * A report's life: a member files it (OPEN); an operator settles it, either with a moderation
 * decision on its target (ACTIONED, the decision's case number kept beside it) or as needing no
 * action (DISMISSED). Settled reports stay settled: a new concern is a new report.
 */
export const REPORT_MACHINE = defineMachine({
  name: "report",
  states: REPORT_STATES,
  create: { OPEN: ["member"] },
  transitions: {
    action: { from: ["OPEN"], to: "ACTIONED", by: ["operator"] },
    dismiss: { from: ["OPEN"], to: "DISMISSED", by: ["operator"] },
  },
  messages: { notNow: msg("moderation.errors.reportClosed") },
});
