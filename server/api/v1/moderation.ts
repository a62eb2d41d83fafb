import { z } from "zod";
import { claimReport } from "#core/moderation/claim-report.ts";
import { REPORT_TARGETS } from "#core/moderation/codes.ts";
import { dismissReport } from "#core/moderation/dismiss-report.ts";
import { fileReport } from "#core/moderation/file-report.ts";
import { getMember } from "#core/moderation/get-member.ts";
import { getReport } from "#core/moderation/get-report.ts";
import { listReportQueue } from "#core/moderation/list-report-queue.ts";
import { hideComment, restoreComment } from "#core/moderation/moderate-comment.ts";
import { hideItem, restoreItem } from "#core/moderation/moderate-item.ts";
import { restoreMember, suspendMember } from "#core/moderation/suspend-member.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import type { Permission } from "#core/staff/permissions.ts";
import { MODERATION_ACTIONS, REPORT_STATES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";
import { queuePage, ZClaim, ZPerson } from "./shapes.ts";

/** Members report listings, comments and members; trust and safety works the reports and decides. */

const LABELS = {
  targetType: msg("moderation.fields.targetType"),
  targetId: msg("moderation.fields.targetId"),
  reason: msg("moderation.fields.reason"),
  body: msg("moderation.fields.body"),
  reasonCode: msg("moderation.fields.reasonCode"),
  note: msg("moderation.fields.note"),
};

// The core checks every field and answers field by field; these only bound what is read.
const ZReportBody = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int().positive(),
  reason: z.string().max(64).describe("A report reason code: PROHIBITED_ITEM, COUNTERFEIT, … (see the page)"),
  body: z.string().max(5000).optional().describe("Details, up to 1,000 characters"),
});
const ZDecisionBody = z.object({
  reasonCode: z
    .string()
    .max(64)
    .optional()
    .describe("Required: a rule code (hide, suspend) or a restore reason code (restore)"),
  note: z
    .string()
    .max(5000)
    .optional()
    .describe("Required: the explanation the member is sent, up to 1,000 characters"),
});
const ZDecision = z.strictObject({
  decisionId: z.number().int().describe("The case number the member is told"),
  suspendedAt: z.iso
    .datetime()
    .nullable()
    .optional()
    .describe("Suspending or restoring a member: since when"),
  heldTransactions: z.array(z.int()).optional().describe("Suspending a member: the open sales put on hold"),
  items: z
    .array(z.int())
    .optional()
    .describe("Suspending or restoring a member: the listings hidden or restored"),
});
const ZFiled = z.strictObject({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  state: z.enum(REPORT_STATES),
  created: z.boolean().describe("False when your open report on this target was there already"),
});
const ZTargetBase = { id: z.int(), ownerId: z.int(), ownerNickname: z.string() };
const ZTarget = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("item"),
      ...ZTargetBase,
      title: z.string(),
      price: z.int().nullable(),
      state: z.string(),
      photoUrl: z.string().nullable(),
    }),
    z.strictObject({
      type: z.literal("comment"),
      ...ZTargetBase,
      body: z.string(),
      hidden: z.boolean(),
      itemId: z.int(),
      itemTitle: z.string(),
      itemState: z.string(),
    }),
    z.strictObject({
      type: z.literal("user"),
      ...ZTargetBase,
      role: z.enum(["member", "business", "operator"]),
      avatarUrl: z.string().nullable(),
      memberSince: z.iso.datetime(),
      suspendedAt: z.iso.datetime().nullable(),
    }),
  ])
  .nullable()
  .describe("The target as it is now; null when it is gone");
const ZDecisionRow = z.strictObject({
  id: z.int(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.int(),
  reasonCode: z.string(),
  note: z.string(),
  operatorNickname: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
const ZQueue = queuePage(
  z.strictObject({
    id: z.int(),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.int(),
    reason: z.string(),
    state: z.enum(REPORT_STATES),
    reporter: ZPerson,
    createdAt: z.iso.datetime(),
    ageMs: z.number().describe("How long an open report has waited"),
    overdue: z.boolean().describe("Open past the queue's target time (24 hours)"),
    claim: ZClaim.nullable(),
    target: z
      .strictObject({ id: z.int(), label: z.string(), ownerId: z.int(), ownerNickname: z.string() })
      .nullable()
      .describe("The target in one line; null when it is gone"),
    openOnTarget: z.int().describe("Open reports on the same target, this one included"),
  }),
  z.strictObject({
    targetType: z.enum(REPORT_TARGETS).nullable(),
    state: z.enum([...REPORT_STATES, "all"]),
  }),
);
const ZReport = z.strictObject({
  report: z.strictObject({
    id: z.int(),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.int(),
    reason: z.string(),
    body: z.string().nullable(),
    state: z.enum(REPORT_STATES),
    decisionId: z.int().nullable(),
    createdAt: z.iso.datetime(),
    handledAt: z.iso.datetime().nullable(),
    handledBy: z.string().nullable().describe("The nickname of the operator who settled it"),
    reporter: ZPerson,
    overdue: z.boolean(),
  }),
  claim: ZClaim.nullable(),
  target: ZTarget,
  others: z.array(
    z.strictObject({
      id: z.int(),
      reason: z.string(),
      body: z.string().nullable(),
      state: z.enum(REPORT_STATES),
      createdAt: z.iso.datetime(),
      reporterNickname: z.string(),
    }),
  ),
  decisions: z.array(ZDecisionRow),
  permission: z.string().describe("The permission deciding on this kind of target needs"),
  mayModerate: z.boolean(),
  action: z.enum(MODERATION_ACTIONS).nullable().describe("The decision open now, if any"),
  rules: z.array(z.string()).describe("The rule codes that decision may cite"),
});
const ZMember = z.strictObject({
  member: z.strictObject({
    id: z.int(),
    nickname: z.string(),
    email: z.string().describe("Masked"),
    role: z.string(),
    locale: z.string(),
    createdAt: z.iso.datetime(),
    suspendedAt: z.iso.datetime().nullable(),
    identityVerifiedAt: z.iso.datetime().nullable(),
  }),
  listings: z.array(z.strictObject({ state: z.string(), count: z.int() })),
  transactions: z.strictObject({
    bought: z.int(),
    sold: z.int(),
    inProgress: z.int(),
    onHold: z.int(),
  }),
  openReports: z.int(),
  decisions: z.array(ZDecisionRow),
  maySuspend: z.boolean(),
});
const ZQueueQuery = z.object({
  targetType: z.string().max(16).optional().describe("item, comment or user"),
  state: z.string().max(16).optional().describe("OPEN (default), ACTIONED, DISMISSED or all"),
  page: z.string().max(6).optional(),
});

const REFUSED = {
  401: { description: "Not logged in" },
  403: { description: "The caller's roles do not grant the permission" },
  404: { description: "No such target" },
};

/** `POST /staff/{kind}/{id}/{hide|restore|suspend}`: one moderation decision with its rule and note. */
function decisionRoute(
  path: string,
  permission: Permission,
  summary: string,
  run: (args: {
    ctx: Parameters<typeof hideItem>[0];
    actor: Parameters<typeof hideItem>[1]["actor"];
    id: number;
    input: unknown;
    meta: { requestId: string; ip: string };
  }) => Promise<{ decisionId: number }>,
) {
  return defineRoute({
    method: "post",
    path,
    permission,
    summary,
    tag: "staff",
    auth: "user",
    body: ZDecisionBody,
    labels: LABELS,
    responses: {
      200: { description: "Decided; the member is told by mail and notification", schema: ZDecision },
      ...REFUSED,
      409: { description: "Already in that state" },
      422: { description: "Missing or unknown rule, or missing note" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const result = await run({ ctx, actor, id: idParam(params.id), input: body, meta: { requestId, ip } });
      return { status: 200, body: result };
    },
  });
}

export const moderationRoutes = [
  defineRoute({
    method: "post",
    path: "/reports",
    summary:
      "Members: report a listing, a comment or a member. Reporting the same target again while the first report is open answers that report (200) instead of filing another (201).",
    tag: "social",
    auth: "user",
    body: ZReportBody,
    labels: LABELS,
    responses: {
      201: { description: "Filed", schema: ZFiled },
      200: { description: "Already reported and still open", schema: ZFiled },
      403: { description: "Not a member" },
      404: { description: "No such target, or not visible to the caller" },
      409: { description: "The caller's own listing, comment or account" },
      429: { description: "Too many reports" },
    },
    async handler({ ctx, actor, body }) {
      const { returnPath: _, ...filed } = await fileReport(ctx, { actor: actor!, input: body });
      return { status: filed.created ? 201 : 200, body: filed };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/reports",
    permission: "reports:read",
    summary: "Operators (reports:read): the reports queue, open ones oldest first, 50 to a page",
    tag: "staff",
    auth: "user",
    query: ZQueueQuery,
    responses: { 200: { description: "A page of reports", schema: ZQueue }, ...REFUSED },
    async handler({ ctx, actor, query }) {
      // The page's column sort is its own: the API answers the queue in its own order, as before.
      const { sort: _sort, dir: _dir, ...queue } = await listReportQueue(ctx, { actor, query });
      return { status: 200, body: queue, headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/reports/{id}",
    permission: "reports:read",
    summary:
      "Operators (reports:read): one report, its target as it is now, other reports on it, its decisions, and what the caller may do",
    tag: "staff",
    auth: "user",
    responses: { 200: { description: "The report", schema: ZReport }, ...REFUSED },
    async handler({ ctx, actor, params }) {
      return {
        status: 200,
        body: await getReport(ctx, { actor, reportId: idParam(params.id) }),
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/reports/{id}/claim",
    permission: "reports:read",
    summary: "Operators (reports:read): take an open report; 409 when another operator has it",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "Claimed", schema: ZClaim },
      ...REFUSED,
      409: { description: "Claimed by another, or closed" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const claim = await claimReport(ctx, { actor, reportId: idParam(params.id), meta: { requestId, ip } });
      return { status: 200, body: claim };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/reports/{id}/dismiss",
    permission: "reports:read",
    summary:
      "Operators: close a report as needing no action. Needs the permission to moderate its target (listings:moderate, comments:moderate or members:suspend)",
    tag: "staff",
    auth: "user",
    body: z.object({
      note: z.string().max(5000).optional().describe("An internal note, up to 1,000 characters"),
    }),
    labels: { note: msg("moderation.fields.dismissNote") },
    responses: {
      200: { description: "Dismissed", schema: z.object({ state: z.literal("DISMISSED") }) },
      ...REFUSED,
      409: { description: "Already settled" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      return {
        status: 200,
        body: await dismissReport(ctx, {
          actor,
          reportId: idParam(params.id),
          input: body,
          meta: { requestId, ip },
        }),
      };
    },
  }),
  decisionRoute(
    "/staff/items/{id}/hide",
    "listings:moderate",
    "Operators (listings:moderate): hide a listing under a rule of the terms, with a note for the seller",
    ({ ctx, actor, id, input, meta }) => hideItem(ctx, { actor, itemId: id, input, meta }),
  ),
  decisionRoute(
    "/staff/items/{id}/restore",
    "listings:moderate",
    "Operators (listings:moderate): put a hidden listing back where it was",
    ({ ctx, actor, id, input, meta }) => restoreItem(ctx, { actor, itemId: id, input, meta }),
  ),
  decisionRoute(
    "/staff/comments/{id}/hide",
    "comments:moderate",
    "Operators (comments:moderate): hide a comment under a rule of the terms, with a note for its author",
    ({ ctx, actor, id, input, meta }) => hideComment(ctx, { actor, commentId: id, input, meta }),
  ),
  decisionRoute(
    "/staff/comments/{id}/restore",
    "comments:moderate",
    "Operators (comments:moderate): show a hidden comment again",
    ({ ctx, actor, id, input, meta }) => restoreComment(ctx, { actor, commentId: id, input, meta }),
  ),
  defineRoute({
    method: "get",
    path: "/staff/members/{id}",
    permission: "members:read",
    summary:
      "Operators (members:read): a member's summary: listings by state, transactions, open reports, suspension and decisions",
    tag: "staff",
    auth: "user",
    responses: { 200: { description: "The member", schema: ZMember }, ...REFUSED },
    async handler({ ctx, actor, params }) {
      return {
        status: 200,
        body: await getMember(ctx, { actor, userId: idParam(params.id) }),
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
  decisionRoute(
    "/staff/members/{id}/suspend",
    "members:suspend",
    "Operators (members:suspend): suspend a member: sessions end, open transactions go on hold, listings on sale are hidden",
    ({ ctx, actor, id, input, meta }) => suspendMember(ctx, { actor, userId: id, input, meta }),
  ),
  decisionRoute(
    "/staff/members/{id}/restore",
    "members:suspend",
    "Operators (members:suspend): lift a suspension; the listings it hid come back, held transactions stay on hold",
    ({ ctx, actor, id, input, meta }) => restoreMember(ctx, { actor, userId: id, input, meta }),
  ),
];
