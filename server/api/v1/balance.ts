import { createHash } from "node:crypto";
import { z } from "zod";
import { PAYOUT_FEES } from "#core/money/balance/fees.ts";
import { BALANCE_FIELD_LABELS } from "#core/money/balance/fields.ts";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { listTransferHistory } from "#core/money/balance/transfer-history.ts";
import { transferToPoints } from "#core/money/balance/transfer-points.ts";
import { changeWalletLink } from "#core/money/payouts/change-wallet-link.ts";
import { getMemberPayout, type MemberPayout } from "#core/money/payouts/get-member-payout.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { walletOf } from "#core/money/payouts/wallet-link.ts";
import { withdrawPayout } from "#core/money/payouts/withdraw-payout.ts";
import { cancelTopUp } from "#core/money/top-ups/cancel-top-up.ts";
import { CONVENIENCE_STORES } from "#core/money/top-ups/codes.ts";
import { getTopUp, type TopUpView } from "#core/money/top-ups/get-top-up.ts";
import { startVoucherTopUp } from "#core/money/top-ups/start-voucher-top-up.ts";
import { codesOf } from "#core/shared/codes.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { PAYOUT_METHODS, PAYOUT_STATES, TOP_UP_METHODS, TOP_UP_STATES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const LABELS = {
  ...BALANCE_FIELD_LABELS,
  idempotencyKey: msg("trading.fields.idempotencyKey"),
};
const NO_STORE = { "Cache-Control": "no-store" };
const KEY_HEADER = {
  "Idempotency-Key":
    "8-200 letters, digits or _ . : - chosen by the client per request; resend it to retry safely (the same key answers the first result)",
};
const KEY_RULE = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * The request's Idempotency-Key, as the core's request key: malformed (or missing when required)
 * is a 422; missing and optional is null. Keys longer than the core keeps (64 characters) are
 * replaced by their hash, so two long keys that share a beginning never answer each other's request.
 */
export function requestKeyOf(header: (name: string) => string | undefined, required: false): string | null;
export function requestKeyOf(header: (name: string) => string | undefined): string;
export function requestKeyOf(header: (name: string) => string | undefined, required = true): string | null {
  const key = header("idempotency-key");
  if (!key) {
    if (!required) return null;
    throw new AppError("VALIDATION", {
      fields: { idempotencyKey: msg("trading.errors.idempotencyKeyMissing") },
    });
  }
  if (!KEY_RULE.test(key)) {
    throw new AppError("VALIDATION", {
      fields: { idempotencyKey: msg("trading.errors.idempotencyKeyInvalid") },
    });
  }
  return key.length <= 64 ? key : `sha256:${createHash("sha256").update(key).digest("base64url")}`;
}

const ZAmount = z.int().describe("Yen, a whole number");
const ZPageQuery = z.object({
  before: z.string().optional().describe("The next_cursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const ZTopUpBody = z.object({
  method: z.enum(["cvs", "payeasy"]),
  store: z
    .enum(codesOf(CONVENIENCE_STORES))
    .optional()
    .describe(
      "For cvs: the convenience store's code (10001 Lawson, 10002 FamilyMart, 10005 Ministop, 10008 Seicomart)",
    ),
  amount: ZAmount.describe(
    `Yen: cvs ${BALANCE_LIMITS.topUp.cvs.min}–${BALANCE_LIMITS.topUp.cvs.max}, payeasy ${BALANCE_LIMITS.topUp.payeasy.min}–${BALANCE_LIMITS.topUp.payeasy.max}`,
  ),
});
const ZPayoutBody = z.object({
  method: z.enum(PAYOUT_METHODS),
  amount: ZAmount.describe(
    `Yen to receive; the fee (bank ${PAYOUT_FEES.bank}, seven ${PAYOUT_FEES.seven}, kyash ${PAYOUT_FEES.kyash}) is taken from the proceeds on top. Seven Bank: whole thousands`,
  ),
});

const ZDate = z.iso.datetime();
const ZTopUp = z.object({
  id: z.int(),
  method: z.enum(TOP_UP_METHODS),
  store: z.string().nullable(),
  amount: z.int(),
  state: z.enum(TOP_UP_STATES),
  voucher: z
    .record(z.string(), z.string())
    .describe("What to give at the store or ATM: payment code, confirmation number, customer number…"),
  deadline: ZDate.nullable().describe("Pay before this; after it the voucher expires"),
  paidAt: ZDate.nullable(),
  createdAt: ZDate,
});
const ZPayout = z.object({
  id: z.int(),
  method: z.enum(PAYOUT_METHODS),
  amount: z.int().describe("What arrives"),
  fee: z.int(),
  total: z.int().describe("What left the proceeds: amount + fee"),
  state: z.enum(PAYOUT_STATES),
  automatic: z.boolean().describe("Made when proceeds reached their 180-day deadline"),
  destination: z
    .record(z.string(), z.string())
    .describe(
      "Where it went, by kind: bank (bank and branch, account type, holder, the account number masked) or kyash (the account id masked); empty for Seven Bank",
    ),
  atm: z
    .object({ code: z.string(), confirmation: z.string(), expiresAt: ZDate })
    .nullable()
    .describe("Seven Bank: the receipt code and confirmation number, while the code can be used (ISSUED)"),
  failureReason: z.string().nullable(),
  createdAt: ZDate,
  completedAt: ZDate.nullable(),
});
const ZHistoryEntry = z.strictObject({
  entryId: z.int(),
  kind: z.string(),
  at: ZDate,
  proceeds: z.int().describe("What the movement did to the proceeds (0 when untouched)"),
  points: z.int(),
  freePoints: z.int(),
  cause: z
    .discriminatedUnion("type", [
      z.strictObject({
        type: z.literal("transaction"),
        transactionId: z.int(),
        itemId: z.int(),
        title: z.string(),
        state: z.string(),
        fee: z.int(),
        courierFee: z.int().describe("The courier's fee taken from the proceeds of this sale"),
      }),
      z.strictObject({ type: z.literal("top_up"), topUpId: z.int(), method: z.string(), state: z.string() }),
      z.strictObject({
        type: z.literal("payout"),
        payoutId: z.int(),
        method: z.string(),
        state: z.string(),
        fee: z.int(),
        amount: z.int(),
        automatic: z.boolean(),
      }),
      z.strictObject({ type: z.literal("other") }),
    ])
    .describe("What caused it: the sale or purchase, the top-up, the payout, or other (an expiry)"),
});
const ZWallet = z.object({ provider: z.string(), accountId: z.string() });
const ZDeadline = z.object({ at: ZDate, amount: z.int() }).nullable();
export const ZBalanceSummary = z.object({
  proceeds: z.int(),
  points: z.int(),
  freePoints: z.int(),
  escrow: z.int(),
  nextProceedsDeadline: ZDeadline,
  nextFreePointsExpiry: ZDeadline,
  pendingTopUp: z
    .object({ id: z.int(), method: z.string(), amount: z.int(), deadline: ZDate.nullable() })
    .nullable(),
  openPayouts: z.array(
    z.object({
      id: z.int(),
      method: z.string(),
      amount: z.int(),
      fee: z.int(),
      state: z.string(),
      expiresAt: ZDate.nullable(),
    }),
  ),
});

/** A top-up as the API answers it (`ZTopUp`): the core's view, its codes under `voucher`. */
function topUpAnswer(v: TopUpView) {
  const { codes, issued: _issued, ...rest } = v;
  return { ...rest, voucher: codes };
}

/** A payout as the API answers it (`ZPayout`): the member's receipt, without what only the pages show. */
function payoutAnswer(p: MemberPayout) {
  return {
    id: p.id,
    method: p.method,
    amount: p.amount,
    fee: p.fee,
    total: p.total,
    state: p.state,
    automatic: p.automatic,
    destination: p.destination ?? {},
    atm: p.atm,
    failureReason: p.failureReason,
    createdAt: p.createdAt,
    completedAt: p.completedAt,
  };
}

const NOT_FOUND_TOP_UP = { 404: { description: "No such top-up of yours" } };
const NOT_FOUND_PAYOUT = { 404: { description: "No such payout of yours" } };

/** The member's balance beyond `GET /me/balance`: history, voucher top-ups, payouts, points from proceeds, Kyash. */
export const balanceRoutes = [
  defineRoute({
    method: "get",
    path: "/me/balance/history",
    summary:
      "The balance's history, newest first: one row per movement of proceeds, paid points or free points, with what caused it",
    tag: "balance",
    auth: "user",
    query: ZPageQuery,
    responses: {
      200: {
        description: "A page of movements and the cursor of the next (null at the end)",
        schema: z.strictObject({ items: z.array(ZHistoryEntry), nextCursor: z.string().nullable() }),
      },
      400: { description: "A cursor this API did not give" },
    },
    async handler({ ctx, actor, query }) {
      const page = await listTransferHistory(ctx, {
        userId: actor!.id,
        before: parseIdCursor(query.before),
        limit: query.limit ?? 20,
      });
      return { status: 200, body: page, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/balance/top-ups",
    summary:
      "Buy paid points with a voucher paid at a convenience store (cvs) or by Pay-easy: answers the codes and the deadline. One voucher waits at a time (409); needs a saved address (409)",
    tag: "balance",
    auth: "user",
    body: ZTopUpBody,
    labels: LABELS,
    responses: {
      201: { description: "The voucher, with what to pay where and by when", schema: ZTopUp },
      409: { description: "A voucher is already waiting, or no address is saved" },
      503: { description: "The voucher provider cannot issue one now" },
    },
    async handler({ ctx, actor, body }) {
      const row = await startVoucherTopUp(ctx, {
        userId: actor!.id,
        method: body.method,
        input: { store: body.store, amount: body.amount },
      });
      const view = await getTopUp(ctx, { userId: actor!.id, topUpId: row.id });
      return { status: 201, body: topUpAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/balance/top-ups/{id}",
    summary: "One of the member's top-ups: its codes, deadline and state",
    tag: "balance",
    auth: "user",
    responses: { 200: { description: "The top-up", schema: ZTopUp }, ...NOT_FOUND_TOP_UP },
    async handler({ ctx, actor, params }) {
      const view = await getTopUp(ctx, { userId: actor!.id, topUpId: idParam(params.id) });
      return { status: 200, body: topUpAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/balance/top-ups/{id}/cancel",
    summary: "Withdraw a voucher not paid yet (one paid meanwhile is credited instead)",
    tag: "balance",
    auth: "user",
    responses: {
      200: { description: "The top-up as it now stands (CANCELED, or PAID)", schema: ZTopUp },
      ...NOT_FOUND_TOP_UP,
      409: { description: "Paid, expired or cancelled already" },
    },
    async handler({ ctx, actor, params }) {
      const row = await cancelTopUp(ctx, { userId: actor!.id, topUpId: idParam(params.id) });
      const view = await getTopUp(ctx, { userId: actor!.id, topUpId: row.id });
      return { status: 200, body: topUpAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/balance/payouts",
    summary:
      "Take proceeds out: to the registered bank account, as a Seven Bank ATM code, or to the linked Kyash account. The fee is taken on top of the amount. Needs an Idempotency-Key header: the same key answers the same payout (200)",
    tag: "balance",
    auth: "user",
    body: ZPayoutBody,
    headers: KEY_HEADER,
    labels: LABELS,
    responses: {
      200: { description: "The payout this key already asked for", schema: ZPayout },
      201: { description: "Asked for (and for an ATM code, issued)", schema: ZPayout },
      409: {
        description: "Not enough proceeds, the day's limit, or no bank account / Kyash account to send to",
      },
    },
    async handler({ ctx, actor, body, header }) {
      const requestKey = requestKeyOf(header);
      const { payout, repeated } = await requestPayout(ctx, {
        userId: actor!.id,
        method: body.method,
        input: { amount: body.amount },
        requestKey,
      });
      const view = await getMemberPayout(ctx, { userId: actor!.id, payoutId: payout.id });
      return { status: repeated ? 200 : 201, body: payoutAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/balance/payouts/{id}",
    summary:
      "One of the member's payouts; for Seven Bank the code, confirmation number and expiry once issued",
    tag: "balance",
    auth: "user",
    responses: { 200: { description: "The payout", schema: ZPayout }, ...NOT_FOUND_PAYOUT },
    async handler({ ctx, actor, params }) {
      const view = await getMemberPayout(ctx, { userId: actor!.id, payoutId: idParam(params.id) });
      return { status: 200, body: payoutAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/balance/payouts/{id}/cancel",
    summary:
      "Withdraw a payout that has not left (an unused ATM code, a bank payout not yet in a run): the money returns to the proceeds",
    tag: "balance",
    auth: "user",
    responses: {
      200: { description: "The payout as it now stands", schema: ZPayout },
      ...NOT_FOUND_PAYOUT,
      409: { description: "It has left already, or cannot be withdrawn (Kyash)" },
    },
    async handler({ ctx, actor, params }) {
      const row = await withdrawPayout(ctx, { userId: actor!.id, payoutId: idParam(params.id) });
      const view = await getMemberPayout(ctx, { userId: actor!.id, payoutId: row.id });
      return { status: 200, body: payoutAnswer(view), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/balance/points",
    summary:
      "Buy paid points with proceeds, 1 point per yen, no fee (points never turn back into proceeds). Needs an Idempotency-Key header: the same key buys once (200)",
    tag: "balance",
    auth: "user",
    body: z.object({ amount: ZAmount }),
    headers: KEY_HEADER,
    labels: LABELS,
    responses: {
      200: {
        description: "This key bought already; nothing moved again",
        schema: z.object({ amount: z.int(), repeated: z.literal(true), entryId: z.int() }),
      },
      201: {
        description: "Bought",
        schema: z.object({
          amount: z.int(),
          repeated: z.literal(false),
          entryId: z.int().describe("The history entry (`/{lang}/balance/transfer-points/finish/?entry=`)"),
        }),
      },
      409: { description: "Not enough proceeds" },
    },
    async handler({ ctx, actor, body, header }) {
      const requestKey = requestKeyOf(header);
      const result = await transferToPoints(ctx, {
        userId: actor!.id,
        input: { amount: body.amount },
        requestKey,
      });
      return { status: result.repeated ? 200 : 201, body: result, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/balance/kyash",
    summary: "The member's linked Kyash account",
    tag: "balance",
    auth: "user",
    responses: {
      200: { description: "The account", schema: ZWallet },
      404: { description: "No Kyash account linked" },
    },
    async handler({ ctx, actor }) {
      const wallet = await walletOf(ctx, actor!.id);
      if (!wallet) throw new AppError("NOT_FOUND", { message: msg("balance.errors.needsKyash") });
      return { status: 200, body: wallet, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "put",
    path: "/me/balance/kyash",
    summary:
      "Link (or relink) a Kyash account to receive proceeds without a fee; the wallet confirms it exists",
    tag: "balance",
    auth: "user",
    body: z.object({
      accountId: z.string().max(100).describe("The Kyash account number"),
      currentPassword: z
        .string()
        .max(200)
        .optional()
        .describe("The member's password; needed when the token or session is more than 10 minutes old"),
    }),
    labels: LABELS,
    responses: {
      200: { description: "Linked", schema: ZWallet },
      403: { description: "The member has no password: sign in again first" },
      422: { description: "No such Kyash account, or a closed one, or the password is needed" },
    },
    async handler({ ctx, actor, body }) {
      const wallet = await changeWalletLink(ctx, {
        actor: actor!,
        currentPassword: body.currentPassword,
        input: { accountId: body.accountId },
      });
      return { status: 200, body: wallet, headers: NO_STORE };
    },
  }),
];
