import { eq } from "drizzle-orm";
import { type BuybackGrade, type BuybackNgCondition, deviceModels } from "#db/schema/index.ts";
import type { CategoryCode } from "../catalog/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { bestBid } from "./bids.ts";
import { checkDeviceFields, positiveInt, type TBuybackDevice } from "./device-fields.ts";
import { computeOffer, estimateCondition, type OfferBreakdown, primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";

export type CheckedDevice = {
  categoryCode: CategoryCode;
  modelId: number;
  modelName: string;
  storageGb: number | null;
  imei: string | null;
  answers: Record<string, string>;
};

export type DeviceEstimate = {
  grade: BuybackGrade;
  /** Every defect the answers suggest, worst first; the first prices the device. */
  ngConditions: Exclude<BuybackNgCondition, "none">[];
  ngCondition: BuybackNgCondition;
  /** The best live bid with its deductions, or null: nobody bids on this condition now. */
  offer: OfferBreakdown | null;
};

const ERR = {
  noDevices: msg("buybackMember.errors.noDevices"),
  tooManyDevices: msg("buybackMember.errors.tooManyDevices", { max: BUYBACK_RULES.maxDevicesPerApplication }),
  sameImei: msg("buybackMember.errors.sameImei"),
};

/**
 * Checks one device against the catalogue: its model looked up, then every field through the
 * device's rules (`checkDeviceFields`, the same the application page checks with). `prefix` names
 * the fields in the messages (`devices.0.`). Reports every field's message at once.
 */
async function checkDevice(
  ctx: Pick<CoreContext, "db">,
  input: TBuybackDevice,
  o: { withImei: boolean; prefix?: string },
): Promise<CheckedDevice> {
  const modelId = positiveInt(input.modelId);
  const [model] =
    modelId === null
      ? []
      : await ctx.db.select().from(deviceModels).where(eq(deviceModels.id, modelId)).limit(1);
  const checked = checkDeviceFields(input, { withImei: o.withImei, model });
  const { fields, category } = checked;
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
  };
}

/**
 * What a device would fetch now, from live bids only: the grade and defects its answers suggest,
 * the best bid for its model × grade × worst defect, and the offer that bid makes with each
 * deduction (a network restriction of △ is one). No bid: no price.
 */
async function estimateOf(
  ctx: Pick<CoreContext, "db" | "clock">,
  device: Pick<CheckedDevice, "modelId" | "answers">,
): Promise<DeviceEstimate> {
  const { grade, ngConditions } = estimateCondition(device.answers);
  const ngCondition = primaryNg(ngConditions);
  const bid = await bestBid(ctx.db, { modelId: device.modelId, grade, ngCondition, now: ctx.clock.now() });
  const offer = bid
    ? computeOffer(bid.price, { ngConditions, networkRestriction: device.answers.network ?? null })
    : null;
  return { grade, ngConditions, ngCondition, offer };
}

/** The estimate for one device as the member describes it (the application page and the API). */
export async function estimateBuyback(
  ctx: Pick<CoreContext, "db" | "clock">,
  input: TBuybackDevice,
): Promise<{ device: CheckedDevice; estimate: DeviceEstimate }> {
  const device = await checkDevice(ctx, input, { withImei: false });
  return { device, estimate: await estimateOf(ctx, device) };
}

export type EstimatedDevice = { device: CheckedDevice; estimate: DeviceEstimate };

/**
 * Every device of an application checked (with its IMEI, none twice) and estimated: one to
 * `maxDevicesPerApplication` devices. The messages of all devices at once, each under
 * `devices.{i}.{field}`.
 */
export async function estimateDevices(
  ctx: Pick<CoreContext, "db" | "clock">,
  devices: readonly TBuybackDevice[],
): Promise<EstimatedDevice[]> {
  if (devices.length === 0) throw new AppError("VALIDATION", { fields: { devices: ERR.noDevices } });
  if (devices.length > BUYBACK_RULES.maxDevicesPerApplication) {
    throw new AppError("VALIDATION", { fields: { devices: ERR.tooManyDevices } });
  }
  const fields: Record<string, Message> = {};
  const checked: CheckedDevice[] = [];
  for (const [i, raw] of devices.entries()) {
    try {
      const device = await checkDevice(ctx, raw, { withImei: true, prefix: `devices.${i}.` });
      if (device.imei && checked.some((d) => d.imei === device.imei))
        fields[`devices.${i}.imei`] = ERR.sameImei;
      checked.push(device);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
      Object.assign(fields, error.fields);
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", { fields });
  return Promise.all(checked.map(async (device) => ({ device, estimate: await estimateOf(ctx, device) })));
}
