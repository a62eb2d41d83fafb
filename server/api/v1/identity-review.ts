import { z } from "zod";
import { claimIdentityReview } from "#core/account/identity-review-claim.ts";
import { getIdentityReview } from "#core/account/identity-review-detail.ts";
import { listIdentityReviews } from "#core/account/identity-review-queue.ts";
import { IDENTITY_OFFICE_REJECTION_REASONS } from "#core/account/identity-review-rule.ts";
import { approveIdentityCheck, rejectIdentityCheck } from "#core/account/review-identity-check.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";
import { ZClaim, ZPerson } from "./shapes.ts";

const LABELS = {
  note: msg("identityReview.fields.note"),
  reasonCode: msg("identityReview.fields.reasonCode"),
};
const NO_STORE = { "Cache-Control": "no-store" };

const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().describe("Page of 50, from 1"),
});
const ZNote = z.object({
  note: z.string().max(2000).describe("Why (1–500 characters, required); kept in the audit log"),
});
const ZRejection = ZNote.extend({
  reasonCode: z
    .enum(IDENTITY_OFFICE_REJECTION_REASONS)
    .optional()
    .describe("The reason the member reads (name_mismatch when not given)"),
});
const ZStatus = z.strictObject({ status: z.string() });
const ZDate = z.iso.datetime();
const ZQueue = z.strictObject({
  rows: z.array(
    z.strictObject({
      id: z.int(),
      member: ZPerson,
      provider: z.string(),
      method: z.string(),
      createdAt: ZDate.describe("When the member submitted the check"),
      ageMs: z.number(),
      overdue: z.boolean().describe("Waiting longer than the queue's target (48 hours)"),
      claim: ZClaim.nullable(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  pageSize: z.int(),
  targetMs: z.number(),
});
const ZReview = z.strictObject({
  check: z.strictObject({
    id: z.int(),
    status: z.string(),
    provider: z.string(),
    method: z.string(),
    reference: z.string().describe("The provider's reference"),
    createdAt: ZDate,
    completedAt: ZDate.nullable(),
    reason: z.string().nullable(),
    ageMs: z.number(),
    overdue: z.boolean(),
  }),
  member: z.strictObject({ id: z.int(), nickname: z.string(), verifiedAt: ZDate.nullable() }),
  verified: z
    .strictObject({ name: z.string(), address: z.string(), birthDate: z.string(), occupation: z.string() })
    .nullable()
    .describe("The provider's verified facts: in full for pii:read holders, else masked"),
  registered: z
    .strictObject({ name: z.string(), nameKana: z.string(), address: z.string() })
    .nullable()
    .describe("The name and address the member registered, in full or masked like `verified`"),
  match: z.strictObject({ name: z.boolean(), familyName: z.boolean(), givenName: z.boolean() }).nullable(),
  masked: z.boolean(),
  claim: ZClaim.nullable(),
  canDecide: z.boolean(),
  decision: z
    .strictObject({
      action: z.string(),
      operator: z.string().nullable(),
      note: z.string().nullable(),
      at: ZDate,
    })
    .nullable(),
});

/** The back office's identity-verification review (tag `staff`, permission `identity:review`). */
export const identityReviewRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/identity-reviews",
    permission: "identity:review",
    summary:
      "Staff: identity checks waiting for review (verified name differs from the registered one), oldest first",
    tag: "staff",
    auth: "user",
    query: ZListQuery,
    responses: {
      200: {
        description: "One page of the queue, with each check's age, whether it is overdue, and its claim",
        schema: ZQueue,
      },
      403: { description: "Not an operator holding identity:review" },
    },
    async handler({ ctx, actor, query }) {
      // The page's column sort is its own: the API answers the queue oldest first, as before.
      const { sort: _sort, dir: _dir, ...queue } = await listIdentityReviews(ctx, { actor, query });
      return { status: 200, body: queue, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/identity-reviews/{id}",
    permission: "identity:review",
    summary:
      "Staff: one identity check, the provider's verified facts beside the registered name and address (masked without pii:read; a full view is audited)",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The check as the office sees it", schema: ZReview },
      403: { description: "Not an operator holding identity:review" },
      404: { description: "No such identity check" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      return {
        status: 200,
        body: await getIdentityReview(ctx, {
          actor,
          checkId: idParam(params.id),
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/identity-reviews/{id}/approve",
    permission: "identity:review",
    summary: "Staff: approve a check under review: it is verified, and so is the member (who is told)",
    tag: "staff",
    auth: "user",
    body: ZNote,
    labels: LABELS,
    responses: {
      200: { description: "The check's new status", schema: ZStatus },
      403: { description: "Not an operator holding identity:review" },
      404: { description: "No such identity check" },
      409: { description: "Not under review (decided already, perhaps by another operator)" },
      422: { description: "No note, or a note over 500 characters" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      return {
        status: 200,
        body: await approveIdentityCheck(ctx, {
          actor,
          checkId: idParam(params.id),
          input: body,
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/identity-reviews/{id}/reject",
    permission: "identity:review",
    summary: "Staff: reject a check under review with a reason the member reads (name_mismatch) and a note",
    tag: "staff",
    auth: "user",
    body: ZRejection,
    labels: LABELS,
    responses: {
      200: { description: "The check's new status", schema: ZStatus },
      403: { description: "Not an operator holding identity:review" },
      404: { description: "No such identity check" },
      409: { description: "Not under review (decided already, perhaps by another operator)" },
      422: { description: "No note, a note over 500 characters, or an unknown reason code" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      return {
        status: 200,
        body: await rejectIdentityCheck(ctx, {
          actor,
          checkId: idParam(params.id),
          input: body,
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/identity-reviews/{id}/claim",
    permission: "identity:review",
    summary: "Staff: take a check under review (one operator at a time)",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "Who holds it now", schema: ZClaim },
      403: { description: "Not an operator holding identity:review" },
      404: { description: "No such identity check" },
      409: { description: "Another operator has it, or it is not under review" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      return {
        status: 200,
        body: await claimIdentityReview(ctx, { actor, checkId: idParam(params.id), meta: { requestId, ip } }),
        headers: NO_STORE,
      };
    },
  }),
];
