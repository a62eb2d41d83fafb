import { eq } from "drizzle-orm";
import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import { NOT_FOUND, type SavedReply } from "./saved-replies.ts";

/** One saved reply to edit (`replies:manage`). */
export async function getSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number },
): Promise<SavedReply> {
  await authorize(ctx, o.actor, "replies:manage");
  const [row] = await ctx.db.select().from(savedReplies).where(eq(savedReplies.id, o.id));
  if (!row) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
  return row;
}
