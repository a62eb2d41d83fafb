import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getAccount } from "#core/identity/get-account.ts";
import { grantFreePoints } from "#core/money/balance/free-points.ts";
import { approvePayout } from "#core/money/payouts/approve-payout.ts";
import { discardPayoutRun } from "#core/money/payouts/discard-payout-run.ts";
import { payoutRunFile } from "#core/money/payouts/download-payout-run-file.ts";
import { getOfficePayout } from "#core/money/payouts/get-office-payout.ts";
import { listOfficePayouts } from "#core/money/payouts/list-office-payouts.ts";
import { listPayoutRuns } from "#core/money/payouts/list-payout-runs.ts";
import type { PayoutRunRow as PayoutRunView } from "#core/money/payouts/office-payout-rows.ts";
import { markPayoutRunSent } from "#core/money/payouts/pay-out-to-bank.ts";
import type { PayoutRunRow } from "#core/money/payouts/payout-run.ts";
import type { PayoutRow } from "#core/money/payouts/payout-states.ts";
import { preparePayoutRun } from "#core/money/payouts/prepare-payout-run.ts";
import { recordBankReturn } from "#core/money/payouts/record-bank-return.ts";
import { rejectPayout } from "#core/money/payouts/reject-payout.ts";
import { AppError, isAppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { PAYOUT_METHODS, PAYOUT_STATES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { requestKeyOf } from "./balance.ts";
import { idParam } from "./params.ts";
import { ZPerson } from "./shapes.ts";

const LABELS = {
  idempotencyKey: msg("trading.fields.idempotencyKey"),
  reason: msg("office.fields.reason"),
  points: msg("office.detail.points"),
  expiresInDays: msg("balance.fields.expiresInDays"),
  state: msg("office.search.state"),
  method: msg("balance.fields.method"),
};
const NO_STORE = { "Cache-Control": "no-store" };
const ZReason = z.object({ reason: z.string().max(2000).describe("Why (1–500 characters, required)") });
const ZPageQuery = {
  before: z.string().optional().describe("The next_cursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
};
const ZRun = z.object({
  id: z.int(),
  transferDate: z.iso.date().describe("The banking day the transfers are for (Asia/Tokyo)"),
  state: z.enum(["PREPARED", "SENT", "DISCARDED"]),
  count: z.int(),
  total: z.int(),
  preparedBy: z.int().nullable(),
  sentBy: z.int().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
const ZPayoutStep = z.object({
  id: z.int(),
  method: z.enum(PAYOUT_METHODS),
  amount: z.int(),
  fee: z.int(),
  state: z.enum(PAYOUT_STATES),
  firstApproverId: z.int().nullable(),
  secondApproverId: z.int().nullable(),
  failureReason: z.string().nullable().describe("Why it was refused or the bank returned it"),
  updatedAt: z.iso.datetime(),
});

const ZOfficePayout = z.strictObject({
  id: z.int(),
  member: ZPerson,
  method: z.enum(PAYOUT_METHODS),
  amount: z.int(),
  fee: z.int(),
  state: z.enum(PAYOUT_STATES),
  automatic: z.boolean(),
  createdAt: z.iso.datetime(),
  approvals: z.int().describe("How many finance operators approved it (0–2)"),
  needsApproval: z.boolean().describe("Needs two approvals (it is, or was, above the threshold)"),
});
const ZStateStep = z.strictObject({
  id: z.int(),
  from: z.string().nullable(),
  to: z.string(),
  action: z.string(),
  actorRole: z.string(),
  actorId: z.int().nullable(),
  actor: z.string().nullable().describe("The actor's nickname"),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
const ZOfficePayoutDetail = z.strictObject({
  ...ZOfficePayout.shape,
  destination: z
    .record(z.string(), z.string())
    .describe("As the payout was sent; a bank account number only masked (`account_number_masked`)"),
  lots: z.array(z.strictObject({ lotId: z.int(), amount: z.int() })),
  provider: z.string().nullable(),
  providerRef: z.string().nullable(),
  failureReason: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  run: z.strictObject({ id: z.int(), transferDate: z.string(), state: z.string() }).nullable(),
  approvers: z.array(ZPerson),
  history: z.array(ZStateStep),
});

/** What an office step on a payout answers (`ZPayoutStep`): where it stands and who approved it. */
function stepAnswer(p: PayoutRow) {
  return {
    status: 200,
    body: {
      id: p.id,
      method: p.method,
      amount: p.amount,
      fee: p.fee,
      state: p.state,
      firstApproverId: p.firstApproverId,
      secondApproverId: p.secondApproverId,
      failureReason: p.failureReason,
      updatedAt: p.updatedAt,
    },
    headers: NO_STORE,
  };
}

/** A run as listed (`ZRun`): who prepared and sent it by id. */
const listedRun = (r: PayoutRunView) => ({
  ...r,
  preparedBy: r.preparedBy?.id ?? null,
  sentBy: r.sentBy?.id ?? null,
});

/** What an office step on a run answers (`ZRun`): the run without its file. */
function runAnswer(status: number, r: PayoutRunRow) {
  return {
    status,
    body: {
      id: r.id,
      transferDate: r.transferDate,
      state: r.state,
      count: r.count,
      total: r.total,
      preparedBy: r.preparedBy,
      sentBy: r.sentBy,
      sentAt: r.sentAt,
      createdAt: r.createdAt,
    },
    headers: NO_STORE,
  };
}

/** Finance's payouts, bank runs and free points (tag `staff`). */
export const staffPayoutRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/payouts",
    permission: "payouts:read",
    summary: "Staff: payouts, newest first, by state and method",
    tag: "staff",
    auth: "user",
    query: z.object({
      state: z.enum(PAYOUT_STATES).optional(),
      method: z.enum(PAYOUT_METHODS).optional(),
      ...ZPageQuery,
    }),
    labels: LABELS,
    responses: {
      200: {
        description: "A page of payouts and the cursor of the next",
        schema: z.strictObject({ items: z.array(ZOfficePayout), nextCursor: z.string().nullable() }),
      },
      400: { description: "A cursor this API did not give" },
    },
    async handler({ ctx, actor, query }) {
      const page = await listOfficePayouts(ctx, {
        actor,
        query: { state: query.state, method: query.method },
        cursor: { before: parseIdCursor(query.before), limit: query.limit },
      });
      return { status: 200, body: { items: page.rows, nextCursor: page.nextCursor }, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/payouts/{id}",
    permission: "payouts:read",
    summary:
      "Staff: one payout with its member, destination (account number masked), lots, provider, run, approvers and history",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The payout", schema: ZOfficePayoutDetail },
      404: { description: "No such payout" },
    },
    async handler({ ctx, actor, params }) {
      const { payout, history } = await getOfficePayout(ctx, { actor, payoutId: idParam(params.id) });
      // The API shows the account number masked to everyone, `pii:read` or not.
      const { accountNumber: _full, ...destination } = payout.destination;
      const { accountMasked: _masked, ...rest } = payout;
      return { status: 200, body: { ...rest, destination, history }, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payouts/{id}/approve",
    permission: "payouts:approve",
    summary:
      "Staff: approve a payout above the approval threshold; two different operators must, the second releases it",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The payout as it now stands", schema: ZPayoutStep },
      404: { description: "No such payout" },
      409: { description: "Not waiting for approval, or this operator approved it already" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const payoutId = idParam(params.id);
      return stepAnswer(await approvePayout(ctx, actor!, { payoutId, meta: { requestId, ip } }));
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payouts/{id}/reject",
    permission: "payouts:approve",
    summary: "Staff: refuse a payout waiting for approval; the money returns to the member's proceeds",
    tag: "staff",
    auth: "user",
    body: ZReason,
    labels: LABELS,
    responses: {
      200: { description: "REJECTED", schema: ZPayoutStep },
      404: { description: "No such payout" },
      409: { description: "Not waiting for approval" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const payoutId = idParam(params.id);
      return stepAnswer(
        await rejectPayout(ctx, actor!, { payoutId, reason: body.reason, meta: { requestId, ip } }),
      );
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payouts/{id}/return",
    permission: "payouts:run",
    summary:
      "Staff: the bank returned a sent transfer (振込不能 / 組戻し): the payout fails with the reason and the money returns to the proceeds",
    tag: "staff",
    auth: "user",
    body: ZReason,
    labels: LABELS,
    responses: {
      200: { description: "FAILED", schema: ZPayoutStep },
      404: { description: "No such payout" },
      409: { description: "Not a bank payout sent to the bank" },
    },
    async handler({ ctx, actor, params, body, requestId, ip }) {
      const payoutId = idParam(params.id);
      return stepAnswer(
        await recordBankReturn(ctx, actor!, { payoutId, reason: body.reason, meta: { requestId, ip } }),
      );
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/payout-runs",
    permission: "payouts:read",
    summary: "Staff: the bank runs (全銀 files), newest first",
    tag: "staff",
    auth: "user",
    query: z.object(ZPageQuery),
    labels: LABELS,
    responses: {
      200: {
        description: "A page of runs and the cursor of the next",
        schema: z.object({ items: z.array(ZRun), nextCursor: z.string().nullable() }),
      },
      400: { description: "A cursor this API did not give" },
    },
    async handler({ ctx, actor, query }) {
      const page = await listPayoutRuns(ctx, {
        actor,
        cursor: { before: parseIdCursor(query.before), limit: query.limit },
      });
      return {
        status: 200,
        body: { items: page.rows.map(listedRun), nextCursor: page.nextCursor },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payout-runs",
    permission: "payouts:run",
    summary:
      "Staff: gather every bank payout ready now into one run for the next banking day and write its 全銀 file",
    tag: "staff",
    auth: "user",
    responses: {
      201: { description: "The run (PREPARED)", schema: ZRun },
      409: { description: "No bank payout is waiting" },
    },
    async handler({ ctx, actor, requestId, ip }) {
      return runAnswer(201, await preparePayoutRun(ctx, actor!, { meta: { requestId, ip } }));
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/payout-runs/{id}/file",
    permission: "payouts:run",
    summary: "Staff: the run's 全銀 総合振込 file, the same bytes every time (the download is audited)",
    tag: "staff",
    auth: "user",
    responses: {
      200: {
        description: "text/plain; charset=Shift_JIS: 120-byte records as the bank takes them",
        contentType: "text/plain",
      },
      404: { description: "No such run" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const file = await payoutRunFile(ctx, actor!, { runId: idParam(params.id), meta: { requestId, ip } });
      const bytes = file.bytes;
      return {
        status: 200,
        stream: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        headers: {
          "Content-Type": "text/plain; charset=Shift_JIS",
          "Content-Disposition": `attachment; filename="${file.filename}"`,
          "Content-Length": String(bytes.byteLength),
          "Cache-Control": "private, no-store",
        },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payout-runs/{id}/sent",
    permission: "payouts:run",
    summary:
      "Staff: the file was uploaded to the bank: the run and its payouts are SENT and the money settled",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The run (SENT)", schema: ZRun },
      404: { description: "No such run" },
      409: { description: "Sent or discarded already" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const run = await markPayoutRunSent(ctx, actor!, {
        runId: idParam(params.id),
        meta: { requestId, ip },
      });
      return runAnswer(200, run);
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/payout-runs/{id}/discard",
    permission: "payouts:run",
    summary: "Staff: drop a prepared run that was not sent; its payouts are ready for the next run",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The run (DISCARDED)", schema: ZRun },
      404: { description: "No such run" },
      409: { description: "Sent or discarded already" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const run = await discardPayoutRun(ctx, actor!, {
        runId: idParam(params.id),
        meta: { requestId, ip },
      });
      return runAnswer(200, run);
    },
  }),
  defineRoute({
    method: "post",
    path: "/staff/members/{id}/free-points",
    permission: "points:grant",
    summary:
      "Staff: grant a member free points (a promotion, an apology), spent before paid points and expiring after expires_in_days. An optional Idempotency-Key header grants once per key",
    tag: "staff",
    auth: "user",
    body: z.object({
      points: z.int().describe("1–100,000"),
      expiresInDays: z.int().describe("1–180"),
      reason: z.string().max(2000).describe("Why (up to 200 characters, required)"),
    }),
    labels: LABELS,
    responses: {
      201: { description: "Granted", schema: z.strictObject({ lotId: z.int() }) },
      200: {
        description: "This key granted already; nothing was granted again",
        schema: z.strictObject({ lotId: z.null() }),
      },
      404: { description: "No such member" },
    },
    async handler({ ctx, actor, params, body, header, requestId, ip }) {
      const userId = idParam(params.id);
      const requestKey = requestKeyOf(header, false) ?? randomUUID();
      const account = await getAccount(ctx, userId);
      if (account.role === "operator") throw new AppError("NOT_FOUND");
      try {
        const granted = await grantFreePoints(ctx, actor!, {
          userId,
          input: { amount: body.points, expiresInDays: body.expiresInDays, reason: body.reason },
          requestKey,
          meta: { requestId, ip },
        });
        return { status: granted.lotId === null ? 200 : 201, body: granted, headers: NO_STORE };
      } catch (error) {
        // The core names the amount `amount`; this endpoint calls it `points`.
        if (isAppError(error) && error.code === "VALIDATION" && error.fields.amount) {
          const { amount, ...rest } = error.fields;
          throw new AppError("VALIDATION", { fields: { ...rest, points: amount } });
        }
        throw error;
      }
    },
  }),
];
