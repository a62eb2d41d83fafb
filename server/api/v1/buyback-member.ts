import { z } from "zod";
import { acceptOffer } from "#core/buyback/accept-buyback-offer.ts";
import { applyForBuyback } from "#core/buyback/apply.ts";
import { cancelBuyback } from "#core/buyback/cancel-buyback.ts";
import { changeBuybackAddress } from "#core/buyback/change-buyback-address.ts";
import { declineOffer } from "#core/buyback/decline-buyback-offer.ts";
import { BUYBACK_DEVICE_LABELS, BUYBACK_QUESTIONS } from "#core/buyback/device-fields.ts";
import { estimateBuyback } from "#core/buyback/estimate.ts";
import { getMemberBuyback, type MemberBuyback } from "#core/buyback/get-member-buyback.ts";
import { offerAcceptance } from "#core/buyback/get-offer-acceptance.ts";
import { listMemberBuybacks } from "#core/buyback/list-member-buybacks.ts";
import { assertBuybackMember } from "#core/buyback/member-item.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { markBuybackShipped } from "#core/buyback/ship-buyback.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { BUYBACK_END_REASONS, BUYBACK_GRADES, BUYBACK_ITEM_STATE_CODES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { requestKeyOf } from "./balance.ts";
import { idParam } from "./params.ts";

const ZApplied = z.strictObject({ applicationId: z.int(), itemIds: z.array(z.int()), created: z.boolean() });
const NO_STORE = { "Cache-Control": "no-store" };
const KEY_HEADER = {
  "Idempotency-Key":
    "8-200 letters, digits or _ . : - chosen by the client per application; sending it again answers the first application (200)",
};

const loose = z.union([z.string(), z.number()]).nullish();
const ZAnswers = z
  .object(
    Object.fromEntries(
      Object.entries(BUYBACK_QUESTIONS).map(([q, choices]) => [
        q,
        z
          .string()
          .nullish()
          .describe(`One of: ${choices.join(", ")}`),
      ]),
    ),
  )
  .describe(
    "The condition answers (keys: power, screen, battery, camera, sensor, network, appearance); each category asks its own subset",
  );
const ZDeviceBody = z.object({
  categoryCode: loose.describe(
    "The catalogue category code: 05 smartphone, 06 PC/tablet, 07 camera, 08 game console, 11 parts, 99 other",
  ),
  modelId: loose.describe("A device model of that category (GET /models)"),
  storageGb: loose.describe("One of the model's storage sizes, when it has any"),
  imei: loose.describe(
    "15 digits with a valid check digit; spaces and hyphens are ignored. Required for smartphones",
  ),
  answers: ZAnswers.nullish(),
  checkId: z
    .string()
    .nullish()
    .describe(
      "One of the member's device check reports (GET /device-checks): in date, genuine, on no listing or other device. Its findings answer the questions it speaks for and narrow the range; signed in only",
    ),
});
const ZApplicationBody = z.object({
  devices: z
    .array(ZDeviceBody)
    .optional()
    .describe(`One to ${BUYBACK_RULES.maxDevicesPerApplication} devices, sent in one parcel`),
  shippingMethod: z
    .string()
    .optional()
    .describe(
      "kit: we send a box with a prepaid label; pickup: the courier collects on pickup_date in pickup_slot",
    ),
  pickupDate: z.string().optional().describe("YYYY-MM-DD (Japan), not past; today only before 17:00"),
  pickupSlot: z
    .string()
    .optional()
    .describe("Courier time slot code 06–10 (one still open when the day is today)"),
  activationLockRemoved: z.boolean().optional().describe("Find My iPhone / Google account signed out"),
  dataErased: z.boolean().optional().describe("Data backed up and the device reset"),
  adult: z.boolean().optional().describe("The member is 18 or older"),
});
const ZAddressBody = z.object({
  source: z
    .enum(["book", "new"])
    .optional()
    .describe("book: the member's registered address; new: the address in `address` (not saved to the book)"),
  address: z
    .object({
      familyName: z.string().optional(),
      givenName: z.string().optional(),
      familyNameKana: z.string().optional(),
      givenNameKana: z.string().optional(),
      postalCode: z.string().optional(),
      prefectureCode: z.string().optional(),
      city: z.string().optional(),
      street: z.string().optional(),
      building: z.string().optional(),
      phone: z.string().optional(),
    })
    .optional(),
});
const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });

const ZOffer = z.object({
  bid: z.int().describe("The best live bid for the model × grade × worst defect"),
  deductions: z.array(z.object({ code: z.string(), amount: z.int() })),
  amount: z.int().describe("The bid less the deductions"),
});
const ZRange = z.object({ min: z.int(), max: z.int() });
const ZEstimate = z.object({
  grade: z.enum(BUYBACK_GRADES),
  ngConditions: z.array(z.string()).describe("Every defect the answers suggest, worst first"),
  ngCondition: z.string().describe("The defect whose bids price the device (none when it has none)"),
  offer: ZOffer.nullable().describe("Null: nobody bids on this model in this condition now (no price)"),
  range: ZRange.nullable().describe(
    "The lowest and highest amount over every condition the assessment may find (a screen or camera that fails, a battery not known); null when no bid covers any",
  ),
  check: z
    .object({
      reportId: z.string(),
      fromCheck: z.array(z.string()).describe("The questions whose answer is the device check's"),
      narrowed: z.boolean().describe("The check left fewer conditions open than the answers alone"),
      without: ZRange.nullable().describe("The range without the check"),
    })
    .nullable()
    .describe("What the device check report (check_id) did to the estimate"),
});
const ZDate = z.iso.datetime();
const ZRow = z.object({
  id: z.int(),
  modelName: z.string(),
  storageGb: z.int().nullable(),
  state: z
    .enum(BUYBACK_ITEM_STATE_CODES)
    .describe("10 start, 20 shipping, 30 evaluating, 40 offered, 50 completed, 60 canceled"),
  estimateAmount: z.int().nullable(),
  offerAmount: z.int().nullable(),
  offerExpiresAt: ZDate.nullable(),
  createdAt: ZDate,
  updatedAt: ZDate,
});
const ZAddress = z.object({
  familyName: z.string(),
  givenName: z.string(),
  familyNameKana: z.string(),
  givenNameKana: z.string(),
  postalCode: z.string(),
  prefectureCode: z.string(),
  city: z.string(),
  street: z.string(),
  building: z.string(),
  phone: z.string(),
});
const ZDetail = ZRow.omit({
  estimateAmount: true,
  offerAmount: true,
  offerExpiresAt: true,
  updatedAt: true,
}).extend({
  categoryCode: z.string(),
  imei: z.string().nullable().describe("Masked"),
  answers: z.record(z.string(), z.string()),
  estimate: z
    .object({ grade: z.enum(BUYBACK_GRADES), ngConditions: z.array(z.string()), offer: ZOffer.nullable() })
    .nullable(),
  history: z.array(z.object({ state: z.enum(BUYBACK_ITEM_STATE_CODES), action: z.string(), at: ZDate })),
  application: z.object({
    id: z.int(),
    shippingMethod: z.enum(["kit", "pickup"]),
    pickupDate: z.string().nullable(),
    pickupSlot: z.string().nullable(),
    address: ZAddress,
    invoiceNumber: z.string().nullable(),
    shippedAt: ZDate.nullable(),
    receivedAt: ZDate.nullable(),
    devices: z.array(z.object({ id: z.int(), modelName: z.string(), state: z.string() })),
    toShip: z.int().describe("How many of the parcel's devices the member can still say were sent"),
  }),
  grading: z
    .object({
      grade: z.enum(BUYBACK_GRADES),
      ngConditions: z.array(z.string()),
      externalGrade: z.object({ scale: z.string(), value: z.string() }).nullable(),
      gradedAt: ZDate.nullable(),
      diagnostics: z.array(
        z.object({
          key: z.string(),
          kind: z.string(),
          value: z.string().nullable(),
          na: z.string().nullable().describe("Not applicable, with the grader's reason"),
        }),
      ),
    })
    .nullable(),
  photos: z.array(z.object({ thumb: z.string(), large: z.string() })),
  offer: ZOffer.extend({
    offeredAt: ZDate.nullable(),
    expiresAt: ZDate.nullable(),
    decidedAt: ZDate.nullable(),
  })
    .nullable()
    .describe(
      "The offer (never the buyer's name); answer before expires_at, or it lapses and the device comes back",
    ),
  endReason: z.enum(BUYBACK_END_REASONS).nullable(),
  returnInvoiceNumber: z.string().nullable(),
  actions: z.array(z.string()).describe("What the member may do now: ship, cancel, accept, decline, address"),
  acceptance: z
    .object({
      identityNeeded: z
        .boolean()
        .describe("The Secondhand Articles Dealer Act requires an identity check for this sale"),
      identityVerified: z.boolean(),
    })
    .nullable()
    .describe(
      "While an offer waits: whether accepting needs an identity check (POST /me/identification) first",
    ),
});

/** The device's page as JSON: what the page shows, without the tracking address. */
async function detailAnswer(ctx: HandlerCtx, userId: number, itemId: number) {
  const v: MemberBuyback = await getMemberBuyback(ctx, { userId, itemId });
  const { trackingUrl: _, ...application } = v.application;
  const acceptance = v.actions.includes("accept") ? await offerAcceptance(ctx, { itemId, userId }) : null;
  return { ...v, application, estimate: v.estimate && { ...v.estimate, estimatedAt: undefined }, acceptance };
}
type HandlerCtx = Parameters<typeof getMemberBuyback>[0] & Parameters<typeof offerAcceptance>[0];

/** Business buyers and operators never sell to the buyback: refused before anything is read. */
function member(actor: SessionUser | null): SessionUser {
  assertBuybackMember(actor!);
  return actor!;
}

const NOT_YOURS = { 404: { description: "No such device of yours" } };
const MEMBERS_ONLY = { 403: { description: "A business buyer or operator account" } };

export const buybackMemberRoutes = [
  defineRoute({
    method: "post",
    path: "/buyback/estimate",
    summary:
      "What a device would fetch now, from live bids only: the grade and defects the answers suggest, the best bid, each deduction and the amount (null: no price now)",
    tag: "buyback",
    auth: "optional",
    body: ZDeviceBody.omit({ imei: true }),
    labels: BUYBACK_DEVICE_LABELS,
    responses: {
      200: { description: "The estimate", schema: ZEstimate },
      401: { description: "A device check report named without signing in" },
      403: { description: "Another member's device check report" },
      409: { description: "The device check report is on a listing or another buyback device" },
      422: {
        description:
          "An unknown model, a storage the model never had, a missing answer, or a device check report that is unknown, altered or expired",
      },
    },
    async handler({ ctx, actor, body }) {
      const { estimate } = await estimateBuyback(ctx, body, { actor });
      return { status: 200, body: estimate, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/applications",
    summary:
      "Send devices in: one application, one buyback transaction per device (state 10), the estimates from live bids, and the courier's invoice for a kit or a pickup. Needs the member's registered address and an Idempotency-Key",
    tag: "buyback",
    auth: "user",
    body: ZApplicationBody,
    headers: KEY_HEADER,
    labels: { ...BUYBACK_DEVICE_LABELS, idempotencyKey: msg("trading.fields.idempotencyKey") },
    responses: {
      200: {
        description: "The application this key already made",
        schema: ZApplied.extend({ created: z.literal(false) }),
      },
      201: {
        description: "The application and its devices",
        schema: ZApplied.extend({ created: z.literal(true) }),
      },
      403: { description: "A business buyer or operator account, or another member's device check report" },
      409: { description: "A device check report on a listing or another buyback device" },
      422: {
        description:
          "A device, the shipping, a confirmation or the address is missing or wrong, or a device check report is unknown, altered or expired",
      },
    },
    async handler({ ctx, actor, body, header }) {
      const user = member(actor);
      const applied = await applyForBuyback(ctx, {
        actor: user,
        requestKey: requestKeyOf(header),
        devices: body.devices ?? [],
        shipping: { method: body.shippingMethod, pickupDate: body.pickupDate, pickupSlot: body.pickupSlot },
        confirmations: {
          activationLock: body.activationLockRemoved,
          dataErased: body.dataErased,
          adult: body.adult,
        },
      });
      return { status: applied.created ? 201 : 200, body: applied, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/transactions",
    summary: "The member's devices sent to the buyback, newest first, 20 a page",
    tag: "buyback",
    auth: "user",
    query: ZPageQuery,
    responses: {
      200: {
        description: "A page of devices",
        schema: z.object({ items: z.array(ZRow), page: z.int(), pages: z.int(), total: z.int() }),
      },
      ...MEMBERS_ONLY,
    },
    async handler({ ctx, actor, query }) {
      const user = member(actor);
      const list = await listMemberBuybacks(ctx, { userId: user.id, page: query.page ?? 1 });
      return {
        status: 200,
        body: { items: list.rows, page: list.page, pages: list.pages, total: list.total },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/transactions/{id}",
    summary:
      "One device: its timeline, answers and estimate, the parcel, and once graded the grade, diagnostics, photos and the offer (bid, deductions, amount; never the buyer)",
    tag: "buyback",
    auth: "user",
    responses: { 200: { description: "The device", schema: ZDetail }, ...MEMBERS_ONLY, ...NOT_YOURS },
    async handler({ ctx, actor, params }) {
      const user = member(actor);
      return { status: 200, body: await detailAnswer(ctx, user.id, idParam(params.id)), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/transactions/{id}/ship",
    summary: "The parcel left: every device of the application still waiting moves 10 → 20",
    tag: "buyback",
    auth: "user",
    responses: {
      200: { description: "The devices now on their way", schema: z.object({ itemIds: z.array(z.int()) }) },
      ...MEMBERS_ONLY,
      ...NOT_YOURS,
      409: { description: "Not waiting to be sent" },
    },
    async handler({ ctx, actor, params }) {
      const user = member(actor);
      const shipped = await markBuybackShipped(ctx, { actor: user, itemId: idParam(params.id) });
      return { status: 200, body: shipped, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/transactions/{id}/cancel",
    summary: "Withdraw one device before sending it (10 → 60, canceled by the member)",
    tag: "buyback",
    auth: "user",
    responses: {
      200: { description: "The device as it now stands", schema: ZDetail },
      ...MEMBERS_ONLY,
      ...NOT_YOURS,
      409: { description: "Already sent or ended" },
    },
    async handler({ ctx, actor, params }) {
      const user = member(actor);
      const itemId = idParam(params.id);
      await cancelBuyback(ctx, { actor: user, itemId });
      return { status: 200, body: await detailAnswer(ctx, user.id, itemId), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "put",
    path: "/buyback/transactions/{id}/address",
    summary:
      "Change the address of the device's application (the kit, the pickup and any return): the registered one or a new one. Only while it waits to be sent (10) or an offer waits (40)",
    tag: "buyback",
    auth: "user",
    body: ZAddressBody,
    responses: {
      200: { description: "The address now used", schema: ZAddress },
      ...MEMBERS_ONLY,
      ...NOT_YOURS,
      409: { description: "The address can no longer change" },
      422: { description: "No source, no registered address, or a wrong field" },
    },
    async handler({ ctx, actor, params, body }) {
      const user = member(actor);
      const itemId = idParam(params.id);
      if (!body.source) {
        throw new AppError("VALIDATION", { fields: { source: msg("buybackMember.errors.answerRequired") } });
      }
      const address = await changeBuybackAddress(ctx, {
        actor: user,
        itemId,
        ...(body.source === "book"
          ? { source: "book" as const }
          : { source: "new" as const, input: body.address ?? {} }),
      });
      return { status: 200, body: address, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/transactions/{id}/accept",
    summary:
      "Accept the offer (40 → 50) within its week: the amount goes to the member's proceeds. Needs the identity check the Act requires (403 until done); where none is needed, `adult: true`",
    tag: "buyback",
    auth: "user",
    body: z.object({
      adult: z
        .boolean()
        .optional()
        .describe("The member is 18 or older (asked when no identity check gives the age)"),
    }),
    responses: {
      200: { description: "The device, bought", schema: ZDetail },
      403: {
        description: "A business buyer or operator account, an identity check still needed, or under 18",
      },
      ...NOT_YOURS,
      409: { description: "The offer lapsed, or the device is bought or ended already" },
      422: { description: "`adult` not confirmed" },
    },
    async handler({ ctx, actor, params, body }) {
      const user = member(actor);
      const itemId = idParam(params.id);
      await acceptOffer(ctx, { itemId, userId: user.id, adult: body.adult === true });
      return { status: 200, body: await detailAnswer(ctx, user.id, itemId), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/transactions/{id}/decline",
    summary: "Decline the offer (40 → 60): the device comes back free of charge",
    tag: "buyback",
    auth: "user",
    responses: {
      200: { description: "The device, on its way back", schema: ZDetail },
      ...MEMBERS_ONLY,
      ...NOT_YOURS,
      409: { description: "No offer waiting" },
    },
    async handler({ ctx, actor, params }) {
      const user = member(actor);
      const itemId = idParam(params.id);
      await declineOffer(ctx, { itemId, userId: user.id });
      return { status: 200, body: await detailAnswer(ctx, user.id, itemId), headers: NO_STORE };
    },
  }),
];
