import { eq } from "drizzle-orm";
import { z } from "zod";
import { recoveryCodes, sessions, twoStepSettings, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { twoStepStatus } from "../identity/two-step.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg, renderMessage } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, required, text } from "../shared/validation/index.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { hasPermission } from "./permissions.ts";

export const ZResetTwoStep = z.object({ reason: text(required(), maxLength(500)) });
export const RESET_TWO_STEP_LABELS: Record<string, Message> = { reason: msg("twoStepReset.reason") };

/**
 * An operator resets a member's two-step verification, when the member lost both the authenticator
 * (or phone) and the backup codes and proved who they are to support (decision 038): the
 * authenticator's secret, SMS codes at sign-in and the backup codes go, every session of the
 * member ends, the member is mailed, and the audit log keeps who did it and why. Never one's own
 * (another operator must look at it), and a staff account's only by an admin.
 */
export async function resetTwoStep(
  ctx: CoreContext,
  o: { actor: SessionUser | null; userId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, "members:reset_two_step");
  const { reason } = parseInput(ZResetTwoStep, o.input, RESET_TWO_STEP_LABELS);
  if (operator.id === o.userId) {
    throw new AppError("CONFLICT", { message: msg("twoStepReset.errors.self") });
  }
  const member = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, role: users.role, locale: users.locale })
      .from(users)
      .where(eq(users.id, o.userId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND");
    if (row.role === "operator" && !hasPermission(operator.roles, "roles:assign")) {
      throw new AppError("FORBIDDEN", { message: msg("twoStepReset.errors.staffByAdmin") });
    }
    const before = await twoStepStatus({ db: tx }, row.id);
    if (!before.totp && !before.totpPending && !before.sms && before.recoveryCodesLeft === 0) {
      throw new AppError("CONFLICT", { message: msg("twoStepReset.errors.notOn") });
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
    await tx.delete(twoStepSettings).where(eq(twoStepSettings.userId, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "members:reset_two_step",
        target: { type: "user", id: row.id },
        changes: {
          totp: [before.totp, false],
          sms: [before.sms, false],
          recoveryCodesLeft: [before.recoveryCodesLeft, 0],
        },
        reason,
        meta: o.meta,
      },
    );
    return row;
  });
  const { locale } = member;
  await ctx.mailer.send(
    mailMessage(
      member.email,
      renderMessage(msg("twoStepReset.mail.subject"), locale),
      renderMessage(
        msg("twoStepReset.mail.body", { url: `${ctx.publicUrl}/${locale}/settings/two-step/` }),
        locale,
      ),
      locale,
    ),
  );
}
