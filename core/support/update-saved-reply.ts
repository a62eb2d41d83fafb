import { eq } from "drizzle-orm";
import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { SUPPORT_LABELS, ZSavedReplyInput } from "./fields.ts";
import { editable, NOT_FOUND, type SavedReply } from "./saved-replies.ts";

/** Rewrites a saved reply; the audit entry holds each changed field before and after. */
export async function updateSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<SavedReply> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  const input = parseInput(ZSavedReplyInput, o.input, SUPPORT_LABELS);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(savedReplies).where(eq(savedReplies.id, o.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    const changes = diffFields(editable(before), editable(input));
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx
      .update(savedReplies)
      .set({ ...input, updatedBy: operator.id, updatedAt: ctx.clock.now() })
      .where(eq(savedReplies.id, o.id))
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:update",
        target: { type: "saved_reply", id: o.id },
        changes,
        meta: o.meta,
      },
    );
    return row!;
  });
}
