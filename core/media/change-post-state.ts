import { eq } from "drizzle-orm";
import { z } from "zod";
import { mediaPosts } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { changeState } from "../state/change-state.ts";
import { requireOperator } from "./operators.ts";
import { MEDIA_POST_MACHINE, type MediaPostAction, type MediaPostState } from "./post-states.ts";

const ZPublishAt = z
  .string()
  .nullish()
  .transform((v) => (v ?? "").trim())
  .pipe(
    z.union([
      z.literal(""),
      // From a datetime-local field, read as Tokyo time, or a full ISO 8601 time from the API.
      z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/),
    ]),
  );

function tokyoTime(value: string): Date {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}+09:00`;
  return new Date(zoned);
}

/**
 * Publishes a post now, schedules it (`publishAt` later than now) or takes it back to draft, by the
 * post machine (`MEDIA_POST_MACHINE`) with its history. A scheduled post is published with its time
 * in the future: it becomes public when that time comes. Publishing an already public post keeps
 * its first publication time; unpublishing a draft changes nothing.
 */
export async function changePostState(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser | null; postId: number; action: MediaPostAction; publishAt?: unknown },
): Promise<{ state: MediaPostState; publishedAt: Date | null }> {
  const operator = await requireOperator(ctx, o.actor);
  const [post] = await ctx.db.select().from(mediaPosts).where(eq(mediaPosts.id, o.postId));
  if (!post) throw new AppError("NOT_FOUND");
  const now = ctx.clock.now();
  const change = { machine: MEDIA_POST_MACHINE, table: mediaPosts, id: post.id, from: post.state };
  const actor = { role: "operator", id: operator.id } as const;
  if (o.action === "unpublish") {
    if (post.state === "published") await changeState(ctx, { ...change, action: "unpublish", actor });
    return { state: "draft", publishedAt: post.publishedAt };
  }
  const parsed = ZPublishAt.safeParse(o.publishAt);
  const at = parsed.success && parsed.data ? tokyoTime(parsed.data) : null;
  if (!parsed.success || (at && Number.isNaN(at.getTime()))) {
    throw new AppError("VALIDATION", {
      fields: { publishAt: msg("posts.errors.publishAtInvalid") },
    });
  }
  if (!post.body.trim()) {
    throw new AppError("VALIDATION", {
      fields: { body: msg("posts.errors.bodyRequired") },
    });
  }
  const alreadyPublic = post.state === "published" && post.publishedAt !== null && post.publishedAt <= now;
  const publishedAt = at ?? (alreadyPublic ? post.publishedAt! : now);
  await changeState(ctx, { ...change, action: "publish", actor, set: { publishedAt } });
  return { state: "published", publishedAt };
}
