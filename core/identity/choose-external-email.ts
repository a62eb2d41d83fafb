import { eq } from "drizzle-orm";
import { challenges, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { PENDING_EXPIRED, requirePending } from "./external-trip.ts";
import { FIELD_LABELS, ZLogIn } from "./fields.ts";
import { sendExternalCode } from "./send-external-code.ts";

/** A provider that gave no proven address (LINE without the e-mail permission): the member types one, and a code goes to it. */
export async function chooseExternalEmail(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; input: { email?: unknown }; ip: string; locale: Locale },
): Promise<void> {
  const { email } = parseInput(ZLogIn.pick({ email: true }), o.input, FIELD_LABELS);
  const row = await requirePending(ctx, o.ticket);
  if (row.verifiedAt) throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  await ctx.db
    .update(challenges)
    .set({ destination: email, userId: existing?.id ?? null, codeHash: null, attempts: 0 })
    .where(eq(challenges.id, row.id));
  await sendExternalCode(ctx, o);
}
