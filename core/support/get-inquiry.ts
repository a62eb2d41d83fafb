import { asc, eq } from "drizzle-orm";
import { items, moderationDecisions, supportMessages, transactions, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { hasPermission } from "../staff/permissions.ts";
import { isOverdue } from "../staff/queues.ts";
import { photoName } from "./inquiry-photos.ts";
import { availableInquiryActions, type InquiryAction, type InquiryState } from "./inquiry-states.ts";
import { INQUIRY_NOT_FOUND, loadInquiry } from "./load-inquiry.ts";

type InquiryMessageView = {
  id: number;
  fromStaff: boolean;
  /** The operator's nickname, in the back office only (members see "Tsugu Support"). */
  staffName: string | null;
  body: string;
  /** Photo names for the inquiry's photo route, each in two sizes. */
  photos: { thumb: string; large: string }[];
  createdAt: Date;
};

export type InquiryView = {
  id: number;
  category: string;
  subject: string;
  state: InquiryState;
  /** The language the member wrote in: the answer's mail and saved replies use it. */
  locale: "ja" | "en";
  createdAt: Date;
  lastMessageAt: Date;
  /** What the viewer may do now, read off the state table. */
  actions: InquiryAction[];
  messages: InquiryMessageView[];
  transaction: { id: number; itemId: number; title: string; state: string; role: "buyer" | "seller" } | null;
  item: { id: number; title: string | null } | null;
  decisionId: number | null;
  /** Back office only: who asked, the decision appealed, the claim, and whether it is late. */
  staff: {
    /** The member who asked; null for a visitor's question, answered by mail. */
    member: { id: number; nickname: string } | null;
    visitor: { name: string; email: string } | null;
    decision: { id: number; action: string; reasonCode: string; note: string } | null;
    claim: Claim | null;
    overdue: boolean;
  } | null;
};

/**
 * One inquiry with its thread. `view: "member"`: only the member who asked it (anyone else is told
 * it does not exist). `view: "staff"`: an operator with `support:read`, who also sees who asked,
 * the decision appealed and who is handling it.
 */
export async function getInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser | null; inquiryId: number; view: "member" | "staff" },
): Promise<InquiryView> {
  if (!o.actor) throw new AppError("UNAUTHORIZED");
  const operator = o.view === "staff" ? await authorize(ctx, o.actor, "support:read") : null;
  const inquiry = await loadInquiry(ctx.db, o.inquiryId);
  if (!operator && inquiry.userId !== o.actor.id) {
    throw new AppError("NOT_FOUND", { message: INQUIRY_NOT_FOUND });
  }
  const rows = await ctx.db
    .select({
      id: supportMessages.id,
      fromStaff: supportMessages.fromStaff,
      authorName: users.nickname,
      body: supportMessages.body,
      photoKeys: supportMessages.photoKeys,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.inquiryId, inquiry.id))
    .orderBy(asc(supportMessages.id));
  const messages = rows.map((m) => ({
    id: m.id,
    fromStaff: m.fromStaff,
    staffName: operator && m.fromStaff ? (m.authorName ?? "") : null,
    body: m.body,
    photos: m.photoKeys.map((key) => ({ thumb: photoName(key, "thumb"), large: photoName(key, "large") })),
    createdAt: m.createdAt,
  }));

  let transaction: InquiryView["transaction"] = null;
  if (inquiry.transactionId) {
    const [t] = await ctx.db
      .select({
        id: transactions.id,
        itemId: transactions.itemId,
        title: items.title,
        state: transactions.state,
        buyerId: transactions.buyerId,
      })
      .from(transactions)
      .innerJoin(items, eq(items.id, transactions.itemId))
      .where(eq(transactions.id, inquiry.transactionId));
    if (t) {
      const role = t.buyerId === inquiry.userId ? "buyer" : "seller";
      transaction = { id: t.id, itemId: t.itemId, title: t.title, state: t.state, role };
    }
  }
  let item: InquiryView["item"] = null;
  if (inquiry.itemId) {
    const [i] = await ctx.db.select({ title: items.title }).from(items).where(eq(items.id, inquiry.itemId));
    item = { id: inquiry.itemId, title: i?.title ?? null };
  }

  let staff: InquiryView["staff"] = null;
  if (operator) {
    const [member] =
      inquiry.userId !== null
        ? await ctx.db
            .select({ id: users.id, nickname: users.nickname })
            .from(users)
            .where(eq(users.id, inquiry.userId))
        : [];
    const [decision] = inquiry.decisionId
      ? await ctx.db
          .select({
            id: moderationDecisions.id,
            action: moderationDecisions.action,
            reasonCode: moderationDecisions.reasonCode,
            note: moderationDecisions.note,
          })
          .from(moderationDecisions)
          .where(eq(moderationDecisions.id, inquiry.decisionId))
      : [];
    const claims = await claimsFor(ctx.db, "support", [inquiry.id]);
    staff = {
      member: inquiry.userId !== null ? (member ?? { id: inquiry.userId, nickname: "" }) : null,
      visitor:
        inquiry.visitorEmail !== null
          ? { name: inquiry.visitorName ?? "", email: inquiry.visitorEmail }
          : null,
      decision: decision ?? null,
      claim: claims.get(inquiry.id) ?? null,
      overdue: inquiry.state === "OPEN" && isOverdue("support", inquiry.lastMessageAt, ctx.clock.now()),
    };
  }

  return {
    id: inquiry.id,
    category: inquiry.category,
    subject: inquiry.subject,
    state: inquiry.state,
    locale: inquiry.locale,
    createdAt: inquiry.createdAt,
    lastMessageAt: inquiry.lastMessageAt,
    actions: !operator
      ? availableInquiryActions(inquiry.state, "member")
      : hasPermission(operator.roles, "support:answer")
        ? availableInquiryActions(inquiry.state, "operator")
        : [],
    messages,
    transaction,
    item,
    decisionId: inquiry.decisionId,
    staff,
  };
}
