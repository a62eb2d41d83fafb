import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  type BuybackEndReason,
  type BuybackGrade,
  type BuybackItemState,
  buybackApplications,
  buybackCompanies,
  buybackGradings,
  buybackItemPhotos,
  buybackItems,
  type DiagnosticValue,
  deviceModels,
  items,
  type OfferDeduction,
  reports,
  stateHistory,
  users,
} from "#db/schema/index.ts";
import type { DeviceCheckView } from "../checks/device-check-view.ts";
import { deviceCheckOfBuybackItem } from "../checks/get-device-check.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { maskAddress, maskImei } from "../staff/mask.ts";
import { hasPermission } from "../staff/permissions.ts";
import { imageUrl } from "../storage/images.ts";
import { bestBid } from "./bids.ts";
import { DIAGNOSTIC_KEYS } from "./diagnostic-fields.ts";
import { type GradingPrefill, gradingPrefill } from "./grading-prefill.ts";
import { diagnosticValue, primaryNg } from "./offer.ts";
import { unlockRefusableAt } from "./refuse-device.ts";
import { BUYBACK_RULES } from "./rules.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

type Person = { id: number; nickname: string };
type ExternalGrade = { scale: string; value: string } | null;

type GradingRecord = {
  id: number;
  grade: BuybackGrade;
  ngConditions: string[];
  externalGrade: ExternalGrade;
  diagnostics: Record<string, DiagnosticValue>;
  gradedBy: string | null;
  reason: string | null;
  at: Date;
  /** For a regrade: the grading before it, and the diagnostic fields that changed. */
  before: { grade: BuybackGrade; ngConditions: string[]; externalGrade: ExternalGrade } | null;
  changedFields: string[];
};

export type GradingDetail = {
  item: {
    id: number;
    state: BuybackItemState;
    model: string;
    categoryCode: string;
    storageGb: number | null;
    /** The IMEI the member gave, masked unless the operator may read personal data. */
    imei: string | null;
    answers: Record<string, string>;
    estimate: Record<string, unknown> | null;
    grade: BuybackGrade | null;
    ngConditions: string[];
    externalGrade: ExternalGrade;
    diagnostics: Record<string, DiagnosticValue> | null;
    gradedAt: Date | null;
    gradedBy: string | null;
    endReason: BuybackEndReason | null;
    endNote: string | null;
    returnInvoiceNumber: string | null;
    unlockRequestedAt: Date | null;
    /** When the device may be refused as still activation-locked (the wait after asking). */
    unlockRefusableAt: Date | null;
  };
  member: Person;
  application: {
    id: number;
    shippingMethod: "kit" | "pickup";
    pickupDate: string | null;
    pickupSlot: string | null;
    /** Prefecture and city only: where the parcel comes from, not who lives there. */
    area: { prefectureCode: string; city: string };
    inboundInvoiceNumber: string | null;
    inboundTrackingUrl: string | null;
    createdAt: Date;
    shippedAt: Date | null;
    receivedAt: Date | null;
    devices: { id: number; model: string; state: BuybackItemState; grade: BuybackGrade | null }[];
  };
  offer: {
    bid: number;
    deductions: OfferDeduction[];
    amount: number;
    companyName: string;
    offeredAt: Date | null;
    expiresAt: Date | null;
    decidedAt: Date | null;
  } | null;
  gradings: GradingRecord[];
  photos: { id: number; thumb: string; large: string }[];
  history: {
    id: number;
    from: string | null;
    to: string;
    action: string;
    actorRole: string;
    actor: string | null;
    reason: string | null;
    at: Date;
  }[];
  /** Other devices or reported listings with the same IMEI: a sign of a stolen or cloned device. */
  warnings: {
    imeiMismatch: boolean;
    otherDevices: { id: number; state: BuybackItemState; endReason: BuybackEndReason | null }[];
    reportedListings: { id: number; title: string }[];
  };
  can: {
    receive: boolean;
    grade: boolean;
    /** Graded in 30 with no offer: nobody bids on its grade (yet). */
    noBid: boolean;
    /** A live bid exists now for a device graded without one: grading again makes the offer. */
    bidNow: boolean;
    refuse: boolean;
    refuseLocked: boolean;
    refuseNoBid: boolean;
    requestUnlock: boolean;
    photos: boolean;
  };
  maxPhotos: number;
  claim: Claim | null;
  /** The form's starting values for a device not graded yet (null once graded: the form starts from that). */
  prefill: GradingPrefill | null;
  /** The member's self-check report sent with the device, with whether it still holds (never their id). */
  deviceCheck: Omit<DeviceCheckView, "memberId"> | null;
};

/**
 * One device as its grader sees it: the member's answers and estimate, the member by nickname and
 * the parcel's area only, the application's other devices, every grading with what each regrade
 * changed, photos, the offer with the buying company, the state history, warnings about its IMEI,
 * which steps are open now, the member's self-check report if one came with it, and for a device
 * not graded yet the form's starting values (the IMEI among them only when the operator may read it
 * or has just scanned the member's own; what the report found when it holds).
 */
export async function getGrading(
  ctx: Pick<CoreContext, "db" | "clock" | "blobs" | "secret">,
  o: { actor: SessionUser | null; itemId: number; scannedImei?: string | null },
): Promise<GradingDetail> {
  const operator = await authorize(ctx, o.actor, "buyback:grade");
  const [row] = await ctx.db
    .select({
      item: buybackItems,
      model: deviceModels.name,
      categoryCode: deviceModels.categoryCode,
      brandCode: deviceModels.brandCode,
      application: buybackApplications,
      memberNickname: users.nickname,
      companyName: buybackCompanies.name,
    })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .innerJoin(buybackApplications, eq(buybackApplications.id, buybackItems.applicationId))
    .innerJoin(users, eq(users.id, buybackItems.userId))
    .leftJoin(buybackCompanies, eq(buybackCompanies.id, buybackItems.offerCompanyId))
    .where(eq(buybackItems.id, o.itemId));
  if (!row) throw new AppError("NOT_FOUND");
  const { item, application } = row;
  const now = ctx.clock.now();

  const [devices, gradings, photos, history, claims, report] = await Promise.all([
    ctx.db
      .select({
        id: buybackItems.id,
        model: deviceModels.name,
        state: buybackItems.state,
        grade: buybackItems.grade,
      })
      .from(buybackItems)
      .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
      .where(eq(buybackItems.applicationId, application.id))
      .orderBy(asc(buybackItems.id)),
    ctx.db
      .select({ grading: buybackGradings, by: users.nickname })
      .from(buybackGradings)
      .leftJoin(users, eq(users.id, buybackGradings.gradedBy))
      .where(eq(buybackGradings.itemId, item.id))
      .orderBy(asc(buybackGradings.id)),
    ctx.db
      .select({ id: buybackItemPhotos.id, key: buybackItemPhotos.blobKey })
      .from(buybackItemPhotos)
      .where(eq(buybackItemPhotos.itemId, item.id))
      .orderBy(asc(buybackItemPhotos.position)),
    ctx.db
      .select({ h: stateHistory, actor: users.nickname })
      .from(stateHistory)
      .leftJoin(users, eq(users.id, stateHistory.actorId))
      .where(and(eq(stateHistory.machine, BUYBACK_ITEM_MACHINE.name), eq(stateHistory.rowId, item.id)))
      .orderBy(asc(stateHistory.id)),
    claimsFor(ctx.db, "buyback", [item.id]),
    deviceCheckOfBuybackItem(ctx, { buybackItemId: item.id }),
  ]);

  const gradedBy = item.gradedBy
    ? ((await ctx.db.select({ n: users.nickname }).from(users).where(eq(users.id, item.gradedBy)))[0]?.n ??
      null)
    : null;
  const noBid = item.state === "30" && item.grade !== null && item.offerBidId === null;
  const bidNow =
    noBid && item.grade
      ? (await bestBid(ctx.db, {
          modelId: item.modelId,
          grade: item.grade,
          ngCondition: primaryNg(item.ngConditions),
          now,
        })) !== null
      : false;
  const withUs = item.state === "30" || item.state === "40";
  const imeiVisible = hasPermission(operator.roles, "pii:read");
  const prefill =
    item.diagnostics === null && withUs
      ? await gradingPrefill(ctx, {
          imei: item.imei,
          imeiVisible,
          scannedImei: o.scannedImei ?? null,
          model: { name: row.model, brandCode: row.brandCode, categoryCode: row.categoryCode },
          storageGb: item.storageGb,
          answers: item.answers,
          estimate: item.estimate ?? null,
          check: report,
          today: tokyoNow(ctx.clock).date,
        })
      : null;
  const refusableAt = item.unlockRequestedAt ? unlockRefusableAt(item.unlockRequestedAt) : null;
  const records: GradingRecord[] = gradings.map(({ grading: g, by }, i) => {
    const prev = gradings[i - 1]?.grading ?? null;
    return {
      id: g.id,
      grade: g.grade,
      ngConditions: g.ngConditions,
      externalGrade: g.externalGrade ?? null,
      diagnostics: g.diagnostics,
      gradedBy: by,
      reason: g.reason,
      at: g.createdAt,
      before: prev
        ? { grade: prev.grade, ngConditions: prev.ngConditions, externalGrade: prev.externalGrade ?? null }
        : null,
      changedFields: prev
        ? DIAGNOSTIC_KEYS.filter(
            (k) => JSON.stringify(prev.diagnostics[k] ?? null) !== JSON.stringify(g.diagnostics[k] ?? null),
          )
        : [],
    };
  });

  return {
    item: {
      id: item.id,
      state: item.state,
      model: row.model,
      categoryCode: row.categoryCode,
      storageGb: item.storageGb,
      imei: imeiVisible ? item.imei : maskImei(item.imei),
      answers: item.answers,
      estimate: item.estimate ?? null,
      grade: item.grade,
      ngConditions: item.ngConditions,
      externalGrade: item.externalGrade ?? null,
      diagnostics: item.diagnostics ?? null,
      gradedAt: item.gradedAt,
      gradedBy,
      endReason: item.endReason,
      endNote: item.endNote,
      returnInvoiceNumber: item.returnInvoiceNumber,
      unlockRequestedAt: item.unlockRequestedAt,
      unlockRefusableAt: refusableAt,
    },
    member: { id: item.userId, nickname: row.memberNickname },
    application: {
      id: application.id,
      shippingMethod: application.shippingMethod,
      pickupDate: application.pickupDate,
      pickupSlot: application.pickupSlot,
      area: maskAddress(application.address),
      inboundInvoiceNumber: application.inboundInvoiceNumber,
      inboundTrackingUrl: application.inboundTrackingUrl,
      createdAt: application.createdAt,
      shippedAt: application.shippedAt,
      receivedAt: application.receivedAt,
      devices,
    },
    offer:
      item.offerAmount !== null && item.offerBid !== null
        ? {
            bid: item.offerBid,
            deductions: item.offerDeductions ?? [],
            amount: item.offerAmount,
            companyName: row.companyName ?? "",
            offeredAt: item.offeredAt,
            expiresAt: item.offerExpiresAt,
            decidedAt: item.decidedAt,
          }
        : null,
    gradings: records,
    photos: photos.map((p) => ({
      id: p.id,
      thumb: imageUrl(ctx, p.key, "thumb"),
      large: imageUrl(ctx, p.key, "large"),
    })),
    history: history.map(({ h, actor }) => ({
      id: h.id,
      from: h.fromState,
      to: h.toState,
      action: h.action,
      actorRole: h.actorRole,
      actor: h.actorRole === "system" ? null : actor,
      reason: h.reason,
      at: h.at,
    })),
    warnings: await imeiWarnings(ctx, item),
    can: {
      receive: item.state === "10" || item.state === "20",
      grade: withUs,
      noBid,
      bidNow,
      refuse: withUs,
      refuseLocked: withUs && refusableAt !== null && now >= refusableAt,
      refuseNoBid: noBid && !bidNow,
      requestUnlock: withUs,
      photos: withUs,
    },
    maxPhotos: BUYBACK_RULES.maxPhotos,
    claim: claims.get(item.id) ?? null,
    prefill,
    deviceCheck: report ? withoutMember(report) : null,
  };
}

function withoutMember({ memberId: _, ...rest }: DeviceCheckView): Omit<DeviceCheckView, "memberId"> {
  return rest;
}

/**
 * The same IMEI on another device sent to us, or on a listing someone reported: shown to the grader
 * before they grade. Also whether the IMEI recorded differs from the one the member gave.
 */
async function imeiWarnings(
  ctx: Pick<CoreContext, "db">,
  item: typeof buybackItems.$inferSelect,
): Promise<GradingDetail["warnings"]> {
  const recorded = diagnosticValue(item.diagnostics, "imei");
  const imeis = [...new Set([item.imei, recorded].filter((v): v is string => !!v))];
  if (imeis.length === 0) return { imeiMismatch: false, otherDevices: [], reportedListings: [] };
  const [otherDevices, reportedListings] = await Promise.all([
    ctx.db
      .select({ id: buybackItems.id, state: buybackItems.state, endReason: buybackItems.endReason })
      .from(buybackItems)
      .where(
        and(
          ne(buybackItems.id, item.id),
          or(
            inArray(buybackItems.imei, imeis),
            sql`${buybackItems.diagnostics} -> 'imei' ->> 'value' in ${imeis}`,
          ),
        ),
      )
      .orderBy(desc(buybackItems.id))
      .limit(10),
    ctx.db
      .selectDistinct({ id: items.id, title: items.title })
      .from(reports)
      .innerJoin(items, eq(items.id, reports.targetId))
      .where(and(eq(reports.targetType, "item"), inArray(items.imei, imeis)))
      .limit(10),
  ]);
  return {
    imeiMismatch: !!item.imei && !!recorded && item.imei !== recorded,
    otherDevices,
    reportedListings,
  };
}
