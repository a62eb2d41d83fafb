import { attachDeviceCheck } from "#core/checks/attach-device-check.ts";
import { createCheckLink } from "#core/checks/check-link.ts";
import { listUnattachedDeviceChecks } from "#core/checks/get-device-check.ts";
import { proposedDefects } from "#core/checks/tests.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { CheckLinkAnswer, PickableReport } from "../components/checks/check-picker.tsx";
import { qrMatrix } from "./qr-code.server.ts";

/** The member's reports a form may put on a listing: in date, genuine, on none yet; newest first. */
export async function pickableReports(ctx: CoreContext, actor: SessionUser): Promise<PickableReport[]> {
  const reports = await listUnattachedDeviceChecks(ctx, { actor });
  return reports
    .filter((r) => r.standing === "genuine")
    .map((r) => ({
      id: r.id,
      checkedAt: r.checkedAt,
      counts: r.counts,
      proposed: proposedDefects(r),
      mismatch: r.mismatch,
    }));
}

/** A form's `intent=checkLink`: the QR code that opens the check on the device itself, for an hour. */
export function checkLinkAnswer(
  ctx: CoreContext,
  o: { actor: SessionUser; lang: Locale; publicUrl: string },
): CheckLinkAnswer {
  const link = createCheckLink(ctx, { actor: o.actor });
  const url = `${o.publicUrl}/${o.lang}/check/?link=${link.token}`;
  return { checkLink: { url, qr: qrMatrix(url), expiresAt: link.expiresAt.toISOString() } };
}

/**
 * Puts the report chosen on a listing form onto the listing just saved. False when it can no
 * longer go there (used elsewhere or run out since the form checked it): the listing stays saved,
 * and the member is told to choose again on its edit page, rather than saving it a second time.
 */
export async function attachChosenReport(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; reportId: string },
): Promise<boolean> {
  try {
    await attachDeviceCheck(ctx, { actor: o.actor, itemId: o.itemId, input: { reportId: o.reportId } });
    return true;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return false;
  }
}
