import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Actor } from "./start-totp-enrolment.ts";
import { issueRecoveryCodes, twoStepOn, twoStepStatus } from "./two-step.ts";

/** Ten new recovery codes; the old ones stop working. Only while two-step verification is on. */
export async function regenerateRecoveryCodes(ctx: CoreContext, o: { actor: Actor }): Promise<string[]> {
  const status = await twoStepStatus(ctx, o.actor.id);
  if (!twoStepOn(status)) throw new AppError("CONFLICT", { message: msg("twoStep.errors.notOn") });
  return issueRecoveryCodes(ctx, o.actor.id);
}
