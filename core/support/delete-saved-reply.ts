import { eq } from "drizzle-orm";
import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { editable, NOT_FOUND } from "./saved-replies.ts";

/** Deletes a saved reply; the audit entry keeps what it said. Answers already sent keep their text. */
export async function deleteSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; meta?: RequestMeta | undefined },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(savedReplies).where(eq(savedReplies.id, o.id)).returning();
    if (!before) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:delete",
        target: { type: "saved_reply", id: o.id },
        changes: diffFields(editable(before), null),
        meta: o.meta,
      },
    );
  });
}
