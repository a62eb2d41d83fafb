import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { imageUrl } from "../storage/images.ts";

/** What other members see of someone: nickname, introduction and avatar. */
export type Profile = {
  id: number;
  nickname: string;
  introduction: string;
  avatarKey: string | null;
  avatarUrls: AvatarUrls | null;
};

type AvatarUrls = { small: string; large: string };

function avatarUrls(ctx: Pick<CoreContext, "blobs">, key: string): AvatarUrls {
  return { small: imageUrl(ctx, key, "small"), large: imageUrl(ctx, key, "large") };
}

export async function getProfile(ctx: Pick<CoreContext, "db" | "blobs">, userId: number): Promise<Profile> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      nickname: users.nickname,
      introduction: users.introduction,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return { ...row, avatarUrls: row.avatarKey ? avatarUrls(ctx, row.avatarKey) : null };
}
