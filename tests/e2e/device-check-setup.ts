import { eq } from "drizzle-orm";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { deviceChecks, users } from "#db/schema/index.ts";
import { finishedCheck } from "../helpers/checks.ts";

/** The report the device check journey finds altered after it was signed: its back camera made to pass. */
export const TAMPERED_REPORT = "tamper2345";

/**
 * What the device check journey starts from: a report of hanako@'s whose stored result was changed
 * after the server signed it, as someone editing the database or a copy of it would leave it.
 */
export async function prepareDeviceCheckJourney(ctx: CoreContext): Promise<void> {
  const [hanako] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "hanako@tsugu.example"));
  if (!hanako) throw new Error("the demo data has no hanako@");
  const report = await saveDeviceCheck(ctx, { actor: hanako, input: finishedCheck(ctx.clock.now()) });
  const altered = finishedCheck(ctx.clock.now());
  altered.tests.backCamera = "pass";
  await ctx.db
    .update(deviceChecks)
    .set({ publicId: TAMPERED_REPORT, result: altered })
    .where(eq(deviceChecks.publicId, report.id));
}
