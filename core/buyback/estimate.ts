import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type BuybackGrade, type BuybackNgCondition, deviceModels } from "#db/schema/index.ts";
import { codeField, digitsField } from "../account/fields.ts";
import { CATEGORIES, type CategoryCode, codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { imei } from "../shared/validation/index.ts";
import { bestBid } from "./bids.ts";
import { computeOffer, estimateCondition, type OfferBreakdown, primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";

/**
 * What the member is asked about a device before sending it, with the answers each question takes
 * (the keys `estimateCondition` reads): does it power on, the screen, the battery, the camera, the
 * buttons and sensors (Face ID, Touch ID), the network restriction (ネットワーク利用制限), and how it
 * looks.
 */
export const BUYBACK_QUESTIONS = {
  power: ["yes", "no"],
  screen: ["ok", "cracked", "faulty"],
  battery: ["ok", "weak", "unknown"],
  camera: ["ok", "faulty"],
  sensor: ["ok", "faulty"],
  network: ["○", "△", "×", "−", "unknown"],
  appearance: ["unused", "like_new", "used", "worn"],
} as const;
export type BuybackQuestion = keyof typeof BUYBACK_QUESTIONS;
const ALL_QUESTIONS = Object.keys(BUYBACK_QUESTIONS) as BuybackQuestion[];

/**
 * The questions that mean something for a category: a game console has no network restriction and
 * no camera, a part or an accessory is only asked whether it works and how it looks.
 */
const QUESTIONS_BY_CATEGORY: Record<CategoryCode, readonly BuybackQuestion[]> = {
  "05": ALL_QUESTIONS,
  "06": ALL_QUESTIONS,
  "07": ["power", "screen", "battery", "camera", "sensor", "appearance"],
  "08": ["power", "screen", "battery", "sensor", "appearance"],
  "11": ["power", "appearance"],
  "99": ["power", "appearance"],
};

/** The questions asked about a device of this category (all of them while no category is chosen). */
export function questionsFor(categoryCode: string): readonly BuybackQuestion[] {
  return QUESTIONS_BY_CATEGORY[categoryCode as CategoryCode] ?? ALL_QUESTIONS;
}

/** Smartphones always carry an IMEI: we need it to check the device is not reported stolen. */
export function imeiRequired(categoryCode: string): boolean {
  return categoryCode === "05";
}

export const BUYBACK_DEVICE_LABELS: Record<string, Message> = {
  categoryCode: msg("buybackMember.fields.category"),
  modelId: msg("buybackMember.fields.model"),
  storageGb: msg("buybackMember.fields.storage"),
  imei: msg("buybackMember.fields.imei"),
  ...(Object.fromEntries(ALL_QUESTIONS.map((q) => [q, msg(`buybackMember.questions.${q}.label`)])) as Record<
    BuybackQuestion,
    Message
  >),
};

const ZCategory = codeField(codesOf(CATEGORIES));
const ZImei = digitsField(imei());
const ZAnswers = Object.fromEntries(ALL_QUESTIONS.map((q) => [q, codeField(BUYBACK_QUESTIONS[q])])) as Record<
  BuybackQuestion,
  ReturnType<typeof codeField>
>;

/** One device as the member describes it; the IMEI may carry the spaces and hyphens the phone shows. */
export type TBuybackDevice = {
  categoryCode?: unknown;
  modelId?: unknown;
  storageGb?: unknown;
  imei?: unknown;
  answers?: Partial<Record<BuybackQuestion, unknown>> | null;
};

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
  unknownModel: msg("buybackMember.errors.unknownModel"),
  modelRequired: msg("buybackMember.errors.modelRequired"),
  storageChoice: msg("buybackMember.errors.storageChoice"),
  imeiRequired: msg("buybackMember.errors.imeiRequired"),
  answerRequired: msg("buybackMember.errors.answerRequired"),
};

const positiveInt = (v: unknown): number | null => {
  const s = typeof v === "number" || typeof v === "string" ? String(v).trim() : "";
  return /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null;
};
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * Checks one device against the catalogue: a model of the chosen category, one of its storage
 * sizes, an answer to each question its category asks, and (for an application) its IMEI, which a
 * smartphone must have. `prefix` names the fields in the messages (`devices.0.`). Reports every
 * field's message at once.
 */
async function checkDevice(
  ctx: Pick<CoreContext, "db">,
  input: TBuybackDevice,
  o: { withImei: boolean; prefix?: string },
): Promise<CheckedDevice> {
  const fields: Record<string, Message> = {};
  /** One field through its rule: the value, or its message kept under `path`. */
  const take = (schema: z.ZodType<string, unknown>, value: unknown, path: string, name: string) => {
    try {
      return parseInput(schema, value, { "": BUYBACK_DEVICE_LABELS[name] as Message });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const first = Object.values(error.fields)[0];
      if (first) fields[path] = first;
      return null;
    }
  };
  const category = take(ZCategory, input.categoryCode, "categoryCode", "categoryCode");
  let model: typeof deviceModels.$inferSelect | undefined;
  const modelId = positiveInt(input.modelId);
  if (modelId === null) {
    fields.modelId = blank(input.modelId) ? ERR.modelRequired : ERR.unknownModel;
  } else {
    [model] = await ctx.db.select().from(deviceModels).where(eq(deviceModels.id, modelId)).limit(1);
    if (!model || (category && model.categoryCode !== category)) {
      fields.modelId = ERR.unknownModel;
      model = undefined;
    }
  }
  const storageGb = positiveInt(input.storageGb);
  if (
    model &&
    model.storageOptions.length > 0 &&
    (storageGb === null || !model.storageOptions.includes(storageGb))
  ) {
    fields.storageGb = ERR.storageChoice;
  }
  const answers: Record<string, string> = {};
  const given = input.answers ?? {};
  for (const q of questionsFor(category ?? model?.categoryCode ?? "")) {
    if (blank(given[q])) {
      fields[`answers.${q}`] = ERR.answerRequired;
      continue;
    }
    const a = take(ZAnswers[q], given[q], `answers.${q}`, q);
    if (a) answers[q] = a;
  }
  let imeiValue: string | null = null;
  if (o.withImei) {
    imeiValue = take(ZImei, input.imei, "imei", "imei") || null;
    if (!imeiValue && !fields.imei && imeiRequired(category ?? "")) fields.imei = ERR.imeiRequired;
  }
  if (Object.keys(fields).length > 0 || !model || !category) {
    const prefix = o.prefix ?? "";
    throw new AppError("VALIDATION", {
      fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v])),
    });
  }
  return {
    categoryCode: category as CategoryCode,
    modelId: model.id,
    modelName: model.name,
    storageGb: model.storageOptions.length > 0 ? storageGb : null,
    imei: imeiValue,
    answers,
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
