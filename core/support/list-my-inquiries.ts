import { and, desc, eq, lt } from "drizzle-orm";
import { supportInquiries } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { InquiryState } from "./inquiry-states.ts";

export type MyInquiry = {
  id: number;
  category: string;
  subject: string;
  state: InquiryState;
  lastMessageAt: Date;
  createdAt: Date;
};

/** The member's own inquiries, newest first, page by page (the cursor is the last id seen). */
export async function listMyInquiries(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; before?: number | undefined; limit?: number },
): Promise<{ items: MyInquiry[]; nextCursor: string | null }> {
  const limit = o.limit ?? 20;
  const rows = await ctx.db
    .select({
      id: supportInquiries.id,
      category: supportInquiries.category,
      subject: supportInquiries.subject,
      state: supportInquiries.state,
      lastMessageAt: supportInquiries.lastMessageAt,
      createdAt: supportInquiries.createdAt,
    })
    .from(supportInquiries)
    .where(
      and(eq(supportInquiries.userId, o.actor.id), o.before ? lt(supportInquiries.id, o.before) : undefined),
    )
    .orderBy(desc(supportInquiries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}
