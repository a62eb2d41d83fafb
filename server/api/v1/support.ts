import { z } from "zod";
import type { Locale } from "#core/shared/locale.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { answerInquiry } from "#core/support/answer-inquiry.ts";
import { claimInquiry } from "#core/support/claim-inquiry.ts";
import { createInquiry } from "#core/support/create-inquiry.ts";
import { SUPPORT_LABELS, ZAnswerInput, ZInquiryInput, ZReplyInput } from "#core/support/fields.ts";
import { getInquiry, type InquiryView } from "#core/support/get-inquiry.ts";
import { listMyInquiries } from "#core/support/list-my-inquiries.ts";
import { listSupportQueue } from "#core/support/list-support-queue.ts";
import { replyToInquiry } from "#core/support/reply-to-inquiry.ts";
import { INQUIRY_STATES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";
import { ZClaim, ZPerson } from "./shapes.ts";

const NO_STORE = { "Cache-Control": "no-store" };

const ZPageQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const ZQueueQuery = z.object({
  state: z.string().max(16).optional().describe("OPEN, ANSWERED or CLOSED; all when absent"),
  category: z.string().max(32).optional().describe("A category code; all when absent"),
  page: z.coerce.number().int().min(1).max(100000).optional(),
});
const ZCreated = z.object({ id: z.number().int(), state: z.string() });
const ZStateAfter = z.object({ id: z.number().int(), state: z.string(), messageId: z.number().int() });
const ZDate = z.iso.datetime();
const ZInquiryState = z.enum(INQUIRY_STATES);
const ZMyInquiries = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.int(),
      category: z.string(),
      subject: z.string(),
      state: ZInquiryState,
      lastMessageAt: ZDate,
      createdAt: ZDate,
    }),
  ),
  nextCursor: z.string().nullable(),
});
const ZVisitor = z.strictObject({ name: z.string(), email: z.string() });
const ZInquiry = z.strictObject({
  id: z.int(),
  category: z.string(),
  subject: z.string(),
  state: ZInquiryState,
  locale: z.enum(["ja", "en"]).describe("The language the member wrote in"),
  createdAt: ZDate,
  lastMessageAt: ZDate,
  actions: z.array(z.string()).describe("What the viewer may do now"),
  messages: z.array(
    z.strictObject({
      id: z.int(),
      fromStaff: z.boolean(),
      staffName: z.string().nullable().describe("The operator's nickname, in the back office only"),
      body: z.string(),
      photos: z.array(z.strictObject({ thumb: z.string(), large: z.string() })).describe("Addresses"),
      createdAt: ZDate,
    }),
  ),
  transaction: z
    .strictObject({
      id: z.int(),
      itemId: z.int(),
      title: z.string(),
      state: z.string(),
      role: z.enum(["buyer", "seller"]),
    })
    .nullable(),
  item: z.strictObject({ id: z.int(), title: z.string().nullable() }).nullable(),
  decisionId: z.int().nullable(),
  staff: z
    .strictObject({
      member: ZPerson.nullable(),
      visitor: ZVisitor.nullable(),
      decision: z
        .strictObject({ id: z.int(), action: z.string(), reasonCode: z.string(), note: z.string() })
        .nullable(),
      claim: ZClaim.nullable(),
      overdue: z.boolean(),
    })
    .nullable()
    .describe("Back office only: who asked, the decision appealed, the claim, and whether it is late"),
});
const ZQueue = z.strictObject({
  rows: z.array(
    z.strictObject({
      id: z.int(),
      category: z.string(),
      subject: z.string(),
      state: ZInquiryState,
      member: ZPerson.nullable(),
      visitor: ZVisitor.nullable().describe("A visitor who asked from the contact form, answered by mail"),
      lastMessageAt: ZDate,
      waitingMs: z.number().nullable().describe("How long it has waited for support (OPEN)"),
      overdue: z.boolean(),
      claim: ZClaim.nullable(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
});

/** The thread as the API answers it: photos as addresses on our site (owner or support only). */
function withPhotoUrls(view: InquiryView, publicUrl: string, locale: Locale) {
  const base = `${publicUrl}/${locale}/mypage/support/${view.id}/photos/`;
  return {
    ...view,
    messages: view.messages.map((m) => ({
      ...m,
      photos: m.photos.map((p) => ({ thumb: `${base}${p.thumb}`, large: `${base}${p.large}` })),
    })),
  };
}

export const supportRoutes = [
  defineRoute({
    method: "get",
    path: "/me/inquiries",
    summary: "The member's inquiries to support, newest first",
    tag: "support",
    auth: "user",
    query: ZPageQuery,
    responses: { 200: { description: "A page of inquiries", schema: ZMyInquiries } },
    async handler({ ctx, actor, query }) {
      const page = await listMyInquiries(ctx, {
        actor: actor!,
        before: parseIdCursor(query.cursor),
        limit: query.limit ?? 20,
      });
      return { status: 200, body: page, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/inquiries",
    summary:
      "Ask support: a category, a subject (≤100) and a message (≤2,000), optionally about one of the member's transactions, a listing or a moderation decision about them (an appeal). Photos only from the web form.",
    tag: "support",
    auth: "user",
    body: ZInquiryInput,
    labels: SUPPORT_LABELS,
    responses: {
      201: { description: "The inquiry, waiting for support (OPEN)", schema: ZCreated },
      422: { description: "A field is wrong, or the transaction, listing or decision is not the member's" },
    },
    async handler({ ctx, actor, body, locale }) {
      const created = await createInquiry(ctx, { actor: actor!, input: body, locale });
      return { status: 201, body: created };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/inquiries/{id}",
    summary: "One of the member's inquiries with its thread (another member's is 404)",
    tag: "support",
    auth: "user",
    responses: {
      200: { description: "The inquiry", schema: ZInquiry },
      404: { description: "No such inquiry of the member" },
    },
    async handler({ ctx, actor, params, locale }) {
      const view = await getInquiry(ctx, { actor, inquiryId: idParam(params.id), view: "member" });
      return { status: 200, body: withPhotoUrls(view, ctx.publicUrl, locale), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/inquiries/{id}/messages",
    summary:
      "The member writes on their inquiry: after an answer it goes back to support (OPEN). A closed inquiry is 409",
    tag: "support",
    auth: "user",
    body: ZReplyInput,
    labels: SUPPORT_LABELS,
    responses: {
      201: { description: "The message was added", schema: ZStateAfter },
      409: { description: "The inquiry is closed" },
    },
    async handler({ ctx, actor, params, body }) {
      const result = await replyToInquiry(ctx, { actor: actor!, inquiryId: idParam(params.id), input: body });
      return { status: 201, body: result };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/inquiries",
    summary:
      "Operators (support:read): the support queue, inquiries waiting for an answer first (longest waiting on top), with who handles each and whether it is past the 24-hour target",
    tag: "staff",
    auth: "user",
    permission: "support:read",
    query: ZQueueQuery,
    responses: {
      200: { description: "A page of the queue", schema: ZQueue },
      403: { description: "No support:read" },
    },
    async handler({ ctx, actor, query }) {
      const result = await listSupportQueue(ctx, {
        actor,
        filter: { state: query.state, category: query.category },
        page: query.page ?? 1,
      });
      return { status: 200, body: result, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/inquiries/{id}",
    summary:
      "Operators (support:read): one inquiry with its thread, the member, the decision appealed and the claim",
    tag: "staff",
    auth: "user",
    permission: "support:read",
    responses: {
      200: { description: "The inquiry", schema: ZInquiry },
      403: { description: "No support:read" },
    },
    async handler({ ctx, actor, params, locale }) {
      const view = await getInquiry(ctx, { actor, inquiryId: idParam(params.id), view: "staff" });
      return { status: 200, body: withPhotoUrls(view, ctx.publicUrl, locale), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/inquiries/{id}/answer",
    summary:
      "Operators (support:answer): answer an inquiry (ANSWERED); the member is told in-app and by mail in their language. Audited",
    tag: "staff",
    auth: "user",
    permission: "support:answer",
    body: ZAnswerInput,
    labels: SUPPORT_LABELS,
    responses: {
      200: { description: "Answered", schema: ZStateAfter },
      403: { description: "No support:answer" },
      409: { description: "The inquiry is closed" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const result = await answerInquiry(ctx, {
        actor,
        inquiryId: idParam(params.id),
        input: body,
        meta: { requestId, ip },
      });
      return { status: 200, body: result };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/inquiries/{id}/claim",
    summary:
      "Operators (support:read): take an inquiry. If another operator holds it, 409 says who; claiming your own again is harmless",
    tag: "staff",
    auth: "user",
    permission: "support:read",
    responses: {
      200: { description: "Who holds it now", schema: ZClaim },
      409: { description: "Another operator holds it" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const claim = await claimInquiry(ctx, {
        actor,
        inquiryId: idParam(params.id),
        meta: { requestId, ip },
      });
      return { status: 200, body: claim };
    },
  }),
];
