import { and, asc, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import {
  type BuybackAddress,
  type BuybackEndReason,
  type BuybackGrade,
  type BuybackItemState,
  buybackApplications,
  buybackItemPhotos,
  buybackItems,
  deviceModels,
  type OfferDeduction,
} from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { PickupTimeSlot } from "../shared/courier.ts";
import { maskImei } from "../staff/mask.ts";
import { stateHistoryOf } from "../state/change-state.ts";
import { availableActions } from "../state/machine.ts";
import { imageUrl } from "../storage/images.ts";
import { ADDRESS_STATES } from "./change-buyback-address.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "./diagnostic-fields.ts";
import { ownBuybackItem } from "./member-item.ts";
import type { OfferBreakdown } from "./offer.ts";
import { BUYBACK_ITEM_MACHINE, type BuybackAction } from "./states.ts";

/** One of the member's devices in a list: what it is, where it stands, and its money. */
export type BuybackRow = {
  id: number;
  modelName: string;
  storageGb: number | null;
  state: BuybackItemState;
  /** The estimate's amount when applying (null: there was no bid for the condition described). */
  estimateAmount: number | null;
  offerAmount: number | null;
  offerExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const ROW = {
  id: buybackItems.id,
  modelName: deviceModels.name,
  storageGb: buybackItems.storageGb,
  state: buybackItems.state,
  estimate: buybackItems.estimate,
  offerAmount: buybackItems.offerAmount,
  offerExpiresAt: buybackItems.offerExpiresAt,
  createdAt: buybackItems.createdAt,
  updatedAt: buybackItems.updatedAt,
};

type RawRow = { estimate: Record<string, unknown> | null } & Omit<BuybackRow, "estimateAmount">;

/** The estimate kept with a device, read back defensively (it is a JSON snapshot). */
export type StoredEstimate = {
  grade: BuybackGrade;
  ngConditions: string[];
  offer: OfferBreakdown | null;
  estimatedAt: string | null;
};

function storedEstimate(raw: Record<string, unknown> | null): StoredEstimate | null {
  if (!raw || typeof raw.grade !== "string") return null;
  const offer = raw.offer as OfferBreakdown | null | undefined;
  return {
    grade: raw.grade as BuybackGrade,
    ngConditions: Array.isArray(raw.ngConditions) ? raw.ngConditions.map(String) : [],
    offer:
      offer &&
      typeof offer.bid === "number" &&
      typeof offer.amount === "number" &&
      Array.isArray(offer.deductions)
        ? offer
        : null,
    estimatedAt: typeof raw.estimatedAt === "string" ? raw.estimatedAt : null,
  };
}

function toRow({ estimate, ...r }: RawRow): BuybackRow {
  return { ...r, estimateAmount: storedEstimate(estimate)?.offer?.amount ?? null };
}

function rows(ctx: Pick<CoreContext, "db">) {
  return ctx.db
    .select(ROW)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId));
}

const IN_PROGRESS: BuybackItemState[] = ["10", "20", "30"];
const DONE: BuybackItemState[] = ["50", "60"];
const HOME_DONE_LIMIT = 5;

/**
 * The member's buyback home (`/buyback/mypage/`): offers waiting for an answer first (the nearest
 * deadline first), then devices on their way or being graded, then the latest finished ones, and
 * what the buyback has paid them so far.
 */
export async function memberBuybackHome(ctx: Pick<CoreContext, "db">, userId: number) {
  const own = eq(buybackItems.userId, userId);
  const [needsAnswer, inProgress, done, [totals]] = await Promise.all([
    rows(ctx)
      .where(and(own, eq(buybackItems.state, "40")))
      .orderBy(asc(buybackItems.offerExpiresAt), asc(buybackItems.id)),
    rows(ctx)
      .where(and(own, inArray(buybackItems.state, IN_PROGRESS)))
      .orderBy(desc(buybackItems.id)),
    rows(ctx)
      .where(and(own, inArray(buybackItems.state, DONE)))
      .orderBy(desc(buybackItems.updatedAt), desc(buybackItems.id))
      .limit(HOME_DONE_LIMIT),
    ctx.db
      .select({
        bought: count(),
        amount: sum(buybackItems.offerAmount).mapWith(Number),
      })
      .from(buybackItems)
      .where(and(own, eq(buybackItems.state, "50"))),
  ]);
  return {
    needsAnswer: needsAnswer.map(toRow),
    inProgress: inProgress.map(toRow),
    done: done.map(toRow),
    totals: { bought: totals?.bought ?? 0, amount: totals?.amount ?? 0 },
  };
}

const BUYBACK_PAGE_SIZE = 20;

/** Every device the member sent or meant to send, newest first, a page at a time (`?page=`). */
export async function listMemberBuybacks(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; page: number },
): Promise<{ rows: BuybackRow[]; page: number; pages: number; total: number }> {
  const own = eq(buybackItems.userId, o.userId);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(buybackItems).where(own);
  const pages = Math.max(1, Math.ceil(total / BUYBACK_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(o.page) || 1), pages);
  const found = await rows(ctx)
    .where(own)
    .orderBy(desc(buybackItems.id))
    .limit(BUYBACK_PAGE_SIZE)
    .offset((page - 1) * BUYBACK_PAGE_SIZE);
  return { rows: found.map(toRow), page, pages, total };
}

export type DiagnosticLine = { key: DiagnosticKey; kind: string; value: string | null; na: string | null };

/** What the member may do with a device now: the machine's member steps, and changing the address. */
export type BuybackMemberAction =
  | Extract<BuybackAction, "ship" | "cancel" | "accept" | "decline">
  | "address";

/**
 * One of the member's devices as its page shows it (`/buyback/transactions/{id}/`): the timeline,
 * the device and the answers with the estimate, the parcel (kit or pickup, invoice, address), and
 * once graded the grade, every diagnostic field, the photos and the offer: the bid, each deduction
 * and the amount, never the buyer's name. Another member's device is not found.
 */
export async function getMemberBuyback(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { userId: number; itemId: number },
) {
  const item = await ownBuybackItem(ctx.db, { itemId: o.itemId, userId: o.userId });
  const [[model], [application], siblings, photos, history] = await Promise.all([
    ctx.db
      .select({ name: deviceModels.name, categoryCode: deviceModels.categoryCode })
      .from(deviceModels)
      .where(eq(deviceModels.id, item.modelId)),
    ctx.db.select().from(buybackApplications).where(eq(buybackApplications.id, item.applicationId)),
    ctx.db
      .select({ id: buybackItems.id, modelName: deviceModels.name, state: buybackItems.state })
      .from(buybackItems)
      .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
      .where(eq(buybackItems.applicationId, item.applicationId))
      .orderBy(asc(buybackItems.id)),
    ctx.db
      .select({ key: buybackItemPhotos.blobKey })
      .from(buybackItemPhotos)
      .where(
        and(eq(buybackItemPhotos.itemId, item.id), sql`${buybackItemPhotos.blobKey} not like 'private/%'`),
      )
      .orderBy(asc(buybackItemPhotos.position)),
    stateHistoryOf(ctx.db, BUYBACK_ITEM_MACHINE, item.id),
  ]);
  if (!model || !application) throw new Error(`buyback item ${item.id} lost its model or application`);
  const graded = item.grade !== null && item.diagnostics !== null && ["40", "50", "60"].includes(item.state);
  const actions: BuybackMemberAction[] = availableActions(BUYBACK_ITEM_MACHINE, item.state, "member").filter(
    (a): a is Exclude<BuybackMemberAction, "address"> => ["ship", "cancel", "accept", "decline"].includes(a),
  );
  return {
    id: item.id,
    state: item.state,
    modelName: model.name,
    categoryCode: model.categoryCode,
    storageGb: item.storageGb,
    imei: maskImei(item.imei),
    answers: item.answers,
    estimate: storedEstimate(item.estimate),
    createdAt: item.createdAt,
    history: history.map((h) => ({ state: h.toState as BuybackItemState, action: h.action, at: h.at })),
    application: {
      id: application.id,
      shippingMethod: application.shippingMethod,
      pickupDate: application.pickupDate,
      pickupSlot: application.pickupSlot as PickupTimeSlot | null,
      address: application.address as BuybackAddress,
      invoiceNumber: application.inboundInvoiceNumber,
      trackingUrl: application.inboundTrackingUrl,
      shippedAt: application.shippedAt,
      receivedAt: application.receivedAt,
      devices: siblings,
      /** How many of the parcel's devices the member can still say were sent (the machine's `ship`). */
      toShip: siblings.filter((d) =>
        availableActions(BUYBACK_ITEM_MACHINE, d.state, "member").includes("ship"),
      ).length,
    },
    grading: graded
      ? {
          grade: item.grade as BuybackGrade,
          ngConditions: item.ngConditions,
          externalGrade: item.externalGrade,
          gradedAt: item.gradedAt,
          diagnostics: DIAGNOSTIC_FIELDS.map((f): DiagnosticLine => {
            const v = item.diagnostics?.[f.key];
            const value = v && "value" in v ? v.value : null;
            return {
              key: f.key,
              kind: f.kind,
              // The IMEI is shown masked, as everywhere on the member's pages.
              value: f.kind === "imei" ? maskImei(value) : value,
              na: v && "na" in v ? v.na : null,
            };
          }),
        }
      : null,
    photos: graded
      ? photos.map((p) => ({ thumb: imageUrl(ctx, p.key, "thumb"), large: imageUrl(ctx, p.key, "large") }))
      : [],
    offer:
      item.offerAmount !== null && item.offerBid !== null && ["40", "50"].includes(item.state)
        ? {
            bid: item.offerBid,
            deductions: (item.offerDeductions ?? []) as OfferDeduction[],
            amount: item.offerAmount,
            offeredAt: item.offeredAt,
            expiresAt: item.offerExpiresAt,
            decidedAt: item.decidedAt,
          }
        : null,
    endReason: item.endReason as BuybackEndReason | null,
    returnInvoiceNumber: item.returnInvoiceNumber,
    actions: [...actions, ...(ADDRESS_STATES.includes(item.state) ? (["address"] as const) : [])],
  };
}
export type MemberBuyback = Awaited<ReturnType<typeof getMemberBuyback>>;

/**
 * One of the member's applications as the page after applying shows it: how it is sent, the
 * invoice, the pickup booked and how many devices go. Null for anyone else's (nothing is shown).
 */
export async function getMemberApplication(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; applicationId: number },
) {
  const [application] = await ctx.db
    .select({
      id: buybackApplications.id,
      shippingMethod: buybackApplications.shippingMethod,
      pickupDate: buybackApplications.pickupDate,
      pickupSlot: buybackApplications.pickupSlot,
      invoiceNumber: buybackApplications.inboundInvoiceNumber,
      trackingUrl: buybackApplications.inboundTrackingUrl,
    })
    .from(buybackApplications)
    .where(and(eq(buybackApplications.id, o.applicationId), eq(buybackApplications.userId, o.userId)));
  if (!application) return null;
  const [{ devices } = { devices: 0 }] = await ctx.db
    .select({ devices: count() })
    .from(buybackItems)
    .where(eq(buybackItems.applicationId, application.id));
  return { ...application, pickupSlot: application.pickupSlot as PickupTimeSlot | null, devices };
}
