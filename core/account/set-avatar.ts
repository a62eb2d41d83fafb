import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { AVATAR_RENDITIONS, deleteImage, forImageField, storeImage } from "../storage/images.ts";

/** Swaps the avatar key in one locked read-and-write and answers the key it replaced. */
async function swapAvatar(ctx: CoreContext, userId: number, key: string | null): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("NOT_FOUND");
    await tx.update(users).set({ avatarKey: key, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
    return user.avatarKey;
  });
}

/** Best effort: an old avatar that cannot be deleted now is an orphaned file, never a broken profile. */
async function discard(ctx: CoreContext, key: string | null): Promise<void> {
  if (key) await deleteImage(ctx, key, AVATAR_RENDITIONS).catch(() => {});
}

/** Stores a new avatar (re-encoded, metadata stripped) and deletes the files of the one it replaces. */
export async function setAvatar(
  ctx: CoreContext,
  o: { actor: SessionUser; bytes: Uint8Array },
): Promise<{ avatarKey: string }> {
  const { key } = await forImageField("avatar", () =>
    storeImage(ctx, { prefix: "avatars", bytes: o.bytes, renditions: AVATAR_RENDITIONS }),
  );
  let old: string | null;
  try {
    old = await swapAvatar(ctx, o.actor.id, key);
  } catch (error) {
    await discard(ctx, key);
    throw error;
  }
  await discard(ctx, old);
  return { avatarKey: key };
}

export async function removeAvatar(ctx: CoreContext, o: { actor: SessionUser }): Promise<void> {
  await discard(ctx, await swapAvatar(ctx, o.actor.id, null));
}
