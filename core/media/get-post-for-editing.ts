import { eq } from "drizzle-orm";
import { mediaPosts } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { requireOperator } from "./operators.ts";
import { createPreviewToken } from "./preview-token.ts";

/** A post as the editor shows it, with a fresh preview token for its draft page. */
export async function getPostForEditing(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  o: { actor: SessionUser | null; postId: number },
) {
  await requireOperator(ctx, o.actor);
  const [post] = await ctx.db.select().from(mediaPosts).where(eq(mediaPosts.id, o.postId));
  if (!post) throw new AppError("NOT_FOUND");
  return { post, previewToken: createPreviewToken(ctx, { subject: post.kind, id: post.id }) };
}
