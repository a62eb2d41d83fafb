import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { INQUIRY_STATES, supportInquiries, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { isOverdue } from "../staff/queues.ts";
import { isSupportCategory } from "./categories.ts";
import type { InquiryState } from "./inquiry-states.ts";

const QUEUE_PAGE_SIZE = 50;

export type QueueRow = {
  id: number;
  category: string;
  subject: string;
  state: InquiryState;
  /** The member who asked; null for a visitor's question from the contact form. */
  member: { id: number; nickname: string } | null;
  /** A visitor who asked from the help centre's contact form, answered by mail. */
  visitor: { name: string; email: string } | null;
  lastMessageAt: Date;
  /** How long it has waited for support (OPEN), in milliseconds; null for the others. */
  waitingMs: number | null;
  overdue: boolean;
  claim: Claim | null;
};

export type QueueFilter = { state?: string | undefined; category?: string | undefined };

/**
 * The support desk's list: inquiries waiting for an answer first, the longest waiting on top,
 * then the rest, the latest activity first. Filters by state and category (unknown values are
 * ignored), a page at a time, with who is handling each and whether it is past the 24-hour target.
 */
export async function listSupportQueue(
  ctx: CoreContext,
  o: { actor: SessionUser | null; filter?: QueueFilter; page?: number; pageSize?: number },
): Promise<{ rows: QueueRow[]; total: number; page: number; pageCount: number }> {
  await authorize(ctx, o.actor, "support:read");
  const pageSize = o.pageSize ?? QUEUE_PAGE_SIZE;
  const state = INQUIRY_STATES.find((s) => s === o.filter?.state);
  const category = isSupportCategory(o.filter?.category) ? o.filter?.category : undefined;
  const where = and(
    state ? eq(supportInquiries.state, state) : undefined,
    category ? eq(supportInquiries.category, category) : undefined,
  );
  const [counted] = await ctx.db.select({ n: count() }).from(supportInquiries).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(o.page ?? 1) || 1), pageCount);
  const waiting = sql`${supportInquiries.state} = 'OPEN'`;
  const rows = await ctx.db
    .select({
      id: supportInquiries.id,
      category: supportInquiries.category,
      subject: supportInquiries.subject,
      state: supportInquiries.state,
      memberId: supportInquiries.userId,
      nickname: users.nickname,
      visitorName: supportInquiries.visitorName,
      visitorEmail: supportInquiries.visitorEmail,
      lastMessageAt: supportInquiries.lastMessageAt,
    })
    .from(supportInquiries)
    .leftJoin(users, eq(users.id, supportInquiries.userId))
    .where(where)
    .orderBy(
      desc(waiting),
      asc(sql`case when ${waiting} then ${supportInquiries.lastMessageAt} end`),
      desc(supportInquiries.lastMessageAt),
      asc(supportInquiries.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const claims = await claimsFor(
    ctx.db,
    "support",
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return {
    rows: rows.map((r) => {
      const open = r.state === "OPEN";
      return {
        id: r.id,
        category: r.category,
        subject: r.subject,
        state: r.state,
        member: r.memberId !== null ? { id: r.memberId, nickname: r.nickname ?? "" } : null,
        visitor: r.visitorEmail !== null ? { name: r.visitorName ?? "", email: r.visitorEmail } : null,
        lastMessageAt: r.lastMessageAt,
        waitingMs: open ? Math.max(0, now.getTime() - r.lastMessageAt.getTime()) : null,
        overdue: open && isOverdue("support", r.lastMessageAt, now),
        claim: claims.get(r.id) ?? null,
      };
    }),
    total,
    page,
    pageCount,
  };
}
