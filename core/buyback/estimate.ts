import { eq } from "drizzle-orm";
import { type BuybackGrade, type BuybackNgCondition, deviceModels } from "#db/schema/index.ts";
import type { CategoryCode } from "../catalog/codes.ts";
import { buybackDeviceCheck } from "../checks/attach-device-check.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { bestBid } from "./bids.ts";
import { answersWithCheck, buybackAnswersOfCheck, type CheckAnswers } from "./check-answers.ts";
import {
  type BuybackQuestion,
  checkDeviceFields,
  positiveInt,
  questionsFor,
  type TBuybackDevice,
} from "./device-fields.ts";
import { computeOffer, type OfferBreakdown, possibleConditions, primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";

type EstimateCtx = Pick<CoreContext, "db" | "clock" | "secret">;
type Actor = { id: number } | null | undefined;

/** The member's self-check report a device is sent with, and what it answers. */
type DeviceCheckUse = {
  reportId: string;
  /** When the check was done. */
  checkedAt: Date;
  findings: CheckAnswers;
  /** The questions whose answer is the check's. */
  fromCheck: BuybackQuestion[];
};

export type CheckedDevice = {
  categoryCode: CategoryCode;
  modelId: number;
  modelName: string;
  storageGb: number | null;
  imei: string | null;
  /** The member's answers, with those a self-check report gives (`answersWithCheck`). */
  answers: Record<string, string>;
  check: DeviceCheckUse | null;
};

/** The lowest and highest amount a device may fetch. */
type PriceRange = { min: number; max: number };

export type DeviceEstimate = {
  grade: BuybackGrade;
  /** Every defect the answers suggest, worst first; the first prices the device. */
  ngConditions: Exclude<BuybackNgCondition, "none">[];
  ngCondition: BuybackNgCondition;
  /** The best live bid with its deductions, or null: nobody bids on this condition now. */
  offer: OfferBreakdown | null;
  /**
   * From the lowest to the highest amount over every condition grading may find the device in
   * (`possibleConditions`), the live bids of those nobody bids on left out; null when none has one.
   */
  range: PriceRange | null;
  /**
   * What a self-check report did: the answers taken from it, whether it left fewer conditions open
   * (a narrower estimate), and the range without it.
   */
  check: {
    reportId: string;
    fromCheck: BuybackQuestion[];
    narrowed: boolean;
    without: PriceRange | null;
  } | null;
};

const ERR = {
  noDevices: msg("buybackMember.errors.noDevices"),
  tooManyDevices: msg("buybackMember.errors.tooManyDevices", { max: BUYBACK_RULES.maxDevicesPerApplication }),
  sameImei: msg("buybackMember.errors.sameImei"),
  sameCheck: msg("buybackMember.errors.sameCheck"),
};

/**
 * Checks one device against the catalogue: its model looked up, its self-check report (the
 * member's own, in date, genuine, on nothing else) read and its answers taken in, then every field
 * through the device's rules (`checkDeviceFields`, the same the application page checks with).
 * `prefix` names the fields in the messages (`devices.0.`). Reports every field's message at once;
 * a report of another member's (403) or already on a listing or device (409) is refused outright.
 */
async function checkDevice(
  ctx: EstimateCtx,
  input: TBuybackDevice,
  o: { withImei: boolean; prefix?: string; actor: Actor },
): Promise<CheckedDevice> {
  const modelId = positiveInt(input.modelId);
  const [model] =
    modelId === null
      ? []
      : await ctx.db.select().from(deviceModels).where(eq(deviceModels.id, modelId)).limit(1);
  const reportFields: Record<string, Message> = {};
  let check: DeviceCheckUse | null = null;
  let answers = input.answers ?? {};
  const reportId = typeof input.checkId === "string" ? input.checkId.trim() : "";
  if (reportId) {
    if (!o.actor) throw new AppError("UNAUTHORIZED");
    try {
      const report = await buybackDeviceCheck(ctx, { actor: o.actor, input: { reportId } });
      const findings = buybackAnswersOfCheck(report);
      const category = typeof input.categoryCode === "string" && input.categoryCode;
      const taken = answersWithCheck(answers, findings, questionsFor(category || model?.categoryCode || ""));
      answers = taken.answers;
      check = { reportId: report.id, checkedAt: report.checkedAt, findings, fromCheck: taken.fromCheck };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
      reportFields.checkId = Object.values(error.fields)[0] ?? error.reason;
    }
  }
  const checked = checkDeviceFields({ ...input, answers }, { withImei: o.withImei, model });
  const fields = { ...checked.fields, ...reportFields };
  const { category } = checked;
  if (Object.keys(fields).length > 0 || !model || !category) {
    const prefix = o.prefix ?? "";
    throw new AppError("VALIDATION", {
      fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v])),
    });
  }
  return {
    categoryCode: category,
    modelId: model.id,
    modelName: model.name,
    storageGb: checked.storageGb,
    imei: checked.imei,
    answers: checked.answers,
    check: check && { ...check, fromCheck: check.fromCheck.filter((q) => q in checked.answers) },
  };
}

/**
 * What a device would fetch now, from live bids only: the grade and defects its answers suggest,
 * the best bid for its model × grade × worst defect, and the offer that bid makes with each
 * deduction (a network restriction of △ is one). No bid: no price. Beside it, the range over every
 * condition grading may find it in, which a self-check report narrows by what it rules out.
 */
async function estimateOf(
  ctx: Pick<CoreContext, "db" | "clock">,
  device: Pick<CheckedDevice, "modelId" | "answers" | "check">,
): Promise<DeviceEstimate> {
  const now = ctx.clock.now();
  const offers = new Map<string, Promise<OfferBreakdown | null>>();
  const offerOf = (c: { grade: BuybackGrade; ngConditions: string[] }) => {
    const ngCondition = primaryNg(c.ngConditions);
    const key = `${c.grade}:${c.ngConditions.join(",")}`;
    let offer = offers.get(key);
    if (!offer) {
      offer = bestBid(ctx.db, { modelId: device.modelId, grade: c.grade, ngCondition, now }).then((bid) =>
        bid
          ? computeOffer(bid.price, {
              ngConditions: c.ngConditions,
              networkRestriction: device.answers.network ?? null,
            })
          : null,
      );
      offers.set(key, offer);
    }
    return offer;
  };
  const rangeOver = async (conditions: ReturnType<typeof possibleConditions>): Promise<PriceRange | null> => {
    const amounts = (await Promise.all(conditions.map(offerOf)))
      .filter((o): o is OfferBreakdown => o !== null)
      .map((o) => o.amount);
    return amounts.length > 0 ? { min: Math.min(...amounts), max: Math.max(...amounts) } : null;
  };
  const open = possibleConditions(device.answers, device.check?.findings.ruledOut ?? []);
  const { grade, ngConditions } = open[0]!;
  const offer = await offerOf(open[0]!);
  const range = await rangeOver(open);
  let check: DeviceEstimate["check"] = null;
  if (device.check) {
    const without = possibleConditions(device.answers);
    check = {
      reportId: device.check.reportId,
      fromCheck: device.check.fromCheck,
      narrowed: open.length < without.length,
      without: await rangeOver(without),
    };
  }
  return { grade, ngConditions, ngCondition: primaryNg(ngConditions), offer, range, check };
}

/** The estimate for one device as the member describes it (the application page and the API). */
export async function estimateBuyback(
  ctx: EstimateCtx,
  input: TBuybackDevice,
  o: { actor?: Actor } = {},
): Promise<{ device: CheckedDevice; estimate: DeviceEstimate }> {
  const device = await checkDevice(ctx, input, { withImei: false, actor: o.actor });
  return { device, estimate: await estimateOf(ctx, device) };
}

export type EstimatedDevice = { device: CheckedDevice; estimate: DeviceEstimate };

/**
 * Every device of an application checked (with its IMEI, none twice; a self-check report on one
 * device only) and estimated: one to `maxDevicesPerApplication` devices. The messages of all
 * devices at once, each under `devices.{i}.{field}`.
 */
export async function estimateDevices(
  ctx: EstimateCtx,
  devices: readonly TBuybackDevice[],
  o: { actor?: Actor } = {},
): Promise<EstimatedDevice[]> {
  if (devices.length === 0) throw new AppError("VALIDATION", { fields: { devices: ERR.noDevices } });
  if (devices.length > BUYBACK_RULES.maxDevicesPerApplication) {
    throw new AppError("VALIDATION", { fields: { devices: ERR.tooManyDevices } });
  }
  const fields: Record<string, Message> = {};
  const checked: CheckedDevice[] = [];
  for (const [i, raw] of devices.entries()) {
    try {
      const device = await checkDevice(ctx, raw, { withImei: true, prefix: `devices.${i}.`, actor: o.actor });
      if (device.imei && checked.some((d) => d.imei === device.imei))
        fields[`devices.${i}.imei`] = ERR.sameImei;
      if (device.check && checked.some((d) => d.check?.reportId === device.check?.reportId))
        fields[`devices.${i}.checkId`] = ERR.sameCheck;
      checked.push(device);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
      Object.assign(fields, error.fields);
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", { fields });
  return Promise.all(checked.map(async (device) => ({ device, estimate: await estimateOf(ctx, device) })));
}
