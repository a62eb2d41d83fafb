import { EXPORT_STATES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";

/**
 * An export's life: an operator asks for it (QUEUED); the background job takes it (RUNNING) and
 * either stores the file (DONE) or records why it could not (FAILED). The job queue tries a failed
 * export again on its own schedule (`retry`, FAILED → RUNNING) until its tries run out.
 */
export const EXPORT_MACHINE = defineMachine({
  name: "export",
  states: EXPORT_STATES,
  create: { QUEUED: ["operator"] },
  transitions: {
    start: { from: ["QUEUED"], to: "RUNNING", by: ["system"] },
    finish: { from: ["RUNNING"], to: "DONE", by: ["system"] },
    fail: { from: ["RUNNING"], to: "FAILED", by: ["system"] },
    retry: { from: ["FAILED"], to: "RUNNING", by: ["system"] },
  },
  messages: { notNow: msg("exports.errors.notNow") },
});
