import { and, asc, eq, sql } from "drizzle-orm";
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
import { storedEstimate } from "./member-buybacks.ts";
import { ownBuybackItem } from "./member-item.ts";
import { BUYBACK_ITEM_MACHINE, type BuybackAction } from "./states.ts";

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
