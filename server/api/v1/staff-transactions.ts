import { z } from "zod";
import { msg } from "#core/shared/i18n/translate.ts";
import { OFFICE_STEP_NAMES, OFFICE_STEPS, type OfficeStep } from "#core/trading/office-rules.ts";
import { claimOfficeTransaction, takeOfficeStep } from "#core/trading/office-steps.ts";
import {
  getOfficeTransaction,
  listOfficeTransactions,
  OFFICE_SORTS,
} from "#core/trading/office-transactions.ts";
import { TRANSACTION_STATE_CODES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const LABELS = {
  reason: msg("office.fields.reason"),
  q: msg("office.search.q"),
  state: msg("office.search.state"),
  from: msg("office.search.from"),
  to: msg("office.search.to"),
  sort: msg("office.search.sort"),
  dir: msg("office.search.sort"),
  page: msg("office.search.page"),
};

const ZListQuery = z.object({
  q: z
    .string()
    .max(100)
    .optional()
    .describe("A transaction, item or member id, or part of a title or nickname"),
  state: z.enum(TRANSACTION_STATE_CODES).optional(),
  from: z.iso.date().optional().describe("First day (Asia/Tokyo) the sale was made, included"),
  to: z.iso.date().optional().describe("Last day (Asia/Tokyo), included"),
  sort: z.enum(OFFICE_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().describe("Page of 20, from 1"),
});
const ZDetailQuery = z.object({
  revealAddress: z
    .enum(["true", "false"])
    .optional()
    .describe("Show the full shipping address (needs pii:read; recorded in the audit log)"),
});
const ZReason = z.object({ reason: z.string().max(2000).describe("Why (1–500 characters, required)") });
const ZState = z.object({ state: z.string() });
const NO_STORE = { "Cache-Control": "no-store" };

const STEP_SUMMARIES: Record<OfficeStep, string> = {
  hold: "Put a transaction on hold for office review (→ PENDING; its deadlines stop)",
  release: "Release a hold: back to the state it interrupted, deadlines start afresh",
  cancel: "Cancel with a refund (card refunded, points returned; the item goes back on sale)",
  complete: "Complete for the seller: the escrow is released to the seller's proceeds",
};

/** One route per office step: `POST /staff/transactions/{id}/{step}` with `{ reason }`. */
function stepRoute(step: OfficeStep) {
  return defineRoute({
    method: "post",
    path: `/staff/transactions/{id}/${step}`,
    permission: OFFICE_STEPS[step].permission,
    summary: `Staff: ${STEP_SUMMARIES[step]}`,
    tag: "staff",
    auth: "user",
    body: ZReason,
    labels: LABELS,
    responses: {
      200: { description: "The new state", schema: ZState },
      403: { description: "The operator's roles do not grant this step" },
      409: { description: "Not possible from the transaction's state now" },
      422: { description: "No reason, or a reason over 500 characters" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      return {
        status: 200,
        body: await takeOfficeStep(ctx, {
          actor,
          transactionId: idParam(params.id),
          step,
          input: body,
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  });
}

/** The back office's transaction review (tag `staff`): the queue, search, one transaction, the office's steps. */
export const staffTransactionRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/transactions",
    permission: "transactions:read",
    summary: "Staff: the review queue (PENDING, oldest first) and a search over every transaction",
    tag: "staff",
    auth: "user",
    query: ZListQuery,
    labels: LABELS,
    responses: {
      200: { description: "The queue with ages and claims, and one page of search results" },
      403: { description: "Not an operator holding transactions:read" },
    },
    async handler({ ctx, actor, query }) {
      return {
        status: 200,
        body: await listOfficeTransactions(ctx, { actor, input: query }),
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/transactions/{id}",
    permission: "transactions:read",
    summary: "Staff: one transaction with its parties, amounts, payments, timeline and the steps allowed now",
    tag: "staff",
    auth: "user",
    query: ZDetailQuery,
    responses: {
      200: { description: "The transaction as the office sees it" },
      403: { description: "Not an operator holding transactions:read (or pii:read for the full address)" },
      404: { description: "No such transaction" },
    },
    async handler({ ctx, actor, params, query, requestId, ip }) {
      return {
        status: 200,
        body: await getOfficeTransaction(ctx, {
          actor,
          transactionId: idParam(params.id),
          revealAddress: query.revealAddress === "true",
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  }),
  ...OFFICE_STEP_NAMES.map(stepRoute),
  defineRoute({
    method: "post",
    path: "/staff/transactions/{id}/claim",
    permission: "transactions:hold",
    summary: "Staff: take a transaction under review (one operator at a time)",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "Who holds it now" },
      403: { description: "Not an operator holding transactions:hold" },
      409: { description: "Another operator has it, or it is not under review" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      return {
        status: 200,
        body: await claimOfficeTransaction(ctx, {
          actor,
          transactionId: idParam(params.id),
          meta: { requestId, ip },
        }),
        headers: NO_STORE,
      };
    },
  }),
];
