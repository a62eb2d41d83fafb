import { savedReplies } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { SUPPORT_LABELS, ZSavedReplyInput } from "./fields.ts";
import { editable, type SavedReply } from "./saved-replies.ts";

/** Adds a saved reply in both languages; audited with what it says. */
export async function createSavedReply(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: unknown; meta?: RequestMeta | undefined },
): Promise<SavedReply> {
  const operator = await authorize(ctx, o.actor, "replies:manage");
  const input = parseInput(ZSavedReplyInput, o.input, SUPPORT_LABELS);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(savedReplies)
      .values({ ...input, updatedBy: operator.id, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "replies:create",
        target: { type: "saved_reply", id: row!.id },
        changes: diffFields(null, editable(input)),
        meta: o.meta,
      },
    );
    return row!;
  });
}
