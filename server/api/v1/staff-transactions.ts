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
import { ZClaim, ZPerson } from "./shapes.ts";

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
const ZDate = z.iso.datetime();
const ZOfficeList = z.strictObject({
  queue: z.strictObject({
    rows: z.array(
      z.strictObject({
        id: z.int(),
        itemId: z.int(),
        title: z.string(),
        state: z.string(),
        heldFrom: z.string().nullable(),
        price: z.int(),
        buyer: ZPerson,
        seller: ZPerson,
        since: ZDate.describe("When it entered the queue (its last state change)"),
        ageMs: z.number(),
        overdue: z.boolean(),
        claim: ZClaim.nullable(),
      }),
    ),
    total: z.int(),
  }),
  search: z.strictObject({
    rows: z.array(
      z.strictObject({
        id: z.int(),
        itemId: z.int(),
        title: z.string(),
        state: z.string(),
        price: z.int(),
        paymentMethod: z.string(),
        buyer: ZPerson,
        seller: ZPerson,
        createdAt: ZDate,
        updatedAt: ZDate,
      }),
    ),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    sort: z.enum(OFFICE_SORTS),
    dir: z.enum(["asc", "desc"]),
    filters: z.strictObject({ q: z.string(), state: z.string(), from: z.string(), to: z.string() }),
  }),
  canClaim: z.boolean().describe("May this operator claim queue items (transactions:hold)"),
});
const ZActorRef = z.strictObject({
  role: z.string(),
  id: z.int().nullable(),
  nickname: z.string().nullable(),
});
const ZStateChange = {
  id: z.int(),
  at: ZDate,
  from: z.string().nullable(),
  to: z.string(),
  action: z.string(),
  actor: ZActorRef,
  reason: z.string().nullable(),
};
const ZOfficeTransaction = z.strictObject({
  id: z.int(),
  state: z.enum(TRANSACTION_STATE_CODES),
  heldFrom: z.string().nullable(),
  cancelRequestedBy: z.string().nullable(),
  item: z.strictObject({ id: z.int(), title: z.string(), price: z.int().nullable() }),
  amounts: z.strictObject({ price: z.int(), fee: z.int(), proceeds: z.int() }),
  paymentMethod: z.string(),
  buyer: ZPerson,
  seller: ZPerson,
  shipping: z.strictObject({
    method: z.string(),
    postage: z.string(),
    address: z
      .strictObject({
        prefectureCode: z.string(),
        city: z.string(),
        name: z.string().optional(),
        postalCode: z.string().optional(),
        street: z.string().optional(),
        building: z.string().optional(),
        phone: z.string().optional(),
      })
      .describe("Prefecture and city, or in full when revealed"),
    addressInFull: z.boolean(),
    canRevealAddress: z.boolean(),
    shipment: z
      .strictObject({
        invoiceNumber: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        parcelSize: z.int().nullable(),
        pickupDate: z.string().nullable(),
        fee: z.int().nullable(),
        createdAt: ZDate,
      })
      .nullable(),
  }),
  payments: z.array(
    z.strictObject({
      id: z.int(),
      state: z.string(),
      amount: z.int(),
      provider: z.string(),
      createdAt: ZDate,
      updatedAt: ZDate,
    }),
  ),
  timeline: z
    .array(
      z.discriminatedUnion("kind", [
        z.strictObject({ kind: z.literal("state"), ...ZStateChange }),
        z.strictObject({ kind: z.literal("payment"), ...ZStateChange, paymentId: z.int() }),
        z.strictObject({
          kind: z.literal("message"),
          id: z.int(),
          at: ZDate,
          side: z.enum(["buyer", "seller"]),
          sender: ZPerson,
          body: z.string(),
        }),
        z.strictObject({
          kind: z.literal("audit"),
          id: z.int(),
          at: ZDate,
          action: z.string(),
          actor: ZActorRef,
          actorRoles: z.array(z.string()),
          changes: z
            .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
            .describe("Field: [before, after]"),
          reason: z.string().nullable(),
        }),
      ]),
    )
    .describe("State changes, payment changes, messages and audit entries, oldest first"),
  steps: z.array(z.enum(OFFICE_STEP_NAMES)).describe("The office steps this operator may take now"),
  queue: z
    .strictObject({
      since: ZDate,
      ageMs: z.number(),
      overdue: z.boolean(),
      claim: ZClaim.nullable(),
      canClaim: z.boolean(),
    })
    .nullable()
    .describe("In the review queue (PENDING): since when, how long, late or not, and who has it"),
  createdAt: ZDate,
  updatedAt: ZDate,
  shippedAt: ZDate.nullable(),
  completedAt: ZDate.nullable(),
});

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
      200: {
        description: "The queue with ages and claims, and one page of search results",
        schema: ZOfficeList,
      },
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
      200: { description: "The transaction as the office sees it", schema: ZOfficeTransaction },
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
      200: { description: "Who holds it now", schema: ZClaim },
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
