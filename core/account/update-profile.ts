import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { getProfile, type Profile } from "./get-profile.ts";
import { PROFILE_LABELS, ZUpdateProfile } from "./profile-fields.ts";

const NOTHING_TO_CHANGE: Message = msg("account.errors.nothingToChange");

export async function updateProfile(
  ctx: CoreContext,
  o: { actor: SessionUser; input: z.input<typeof ZUpdateProfile> },
): Promise<Profile> {
  const { nickname, introduction } = parseInput(ZUpdateProfile, o.input, PROFILE_LABELS);
  if (nickname === undefined && introduction === undefined) {
    throw new AppError("VALIDATION", { message: NOTHING_TO_CHANGE });
  }
  await ctx.db
    .update(users)
    .set({
      ...(nickname !== undefined ? { nickname } : {}),
      ...(introduction !== undefined ? { introduction } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, o.actor.id));
  return getProfile(ctx, o.actor.id);
}
