import { z } from "zod";
import { codeField } from "../account/fields.ts";
import { CATEGORIES, type CategoryCode } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { digitsField } from "../shared/validation/digits-field.ts";
import { imei } from "../shared/validation/index.ts";

// The rules of one device on the buyback application, in a module the browser can load: the
// application page checks each field as it is filled in with the rules the core checks with; the
// core adds what only the catalogue knows (the model) before it calls the same check.

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
  checkId: msg("buybackMember.fields.check"),
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
  /** The member's self-check report sent with the device (its short id), if any. */
  checkId?: unknown;
};

const ERR = {
  unknownModel: msg("buybackMember.errors.unknownModel"),
  modelRequired: msg("buybackMember.errors.modelRequired"),
  storageChoice: msg("buybackMember.errors.storageChoice"),
  imeiRequired: msg("buybackMember.errors.imeiRequired"),
  answerRequired: msg("buybackMember.errors.answerRequired"),
};

/** A whole positive number as a form sends it, or null. */
export const positiveInt = (v: unknown): number | null => {
  const s = typeof v === "number" || typeof v === "string" ? String(v).trim() : "";
  return /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null;
};
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** What the check needs to know of the model chosen (found in the catalogue by its id). */
export type DeviceModelFacts = { id: number; categoryCode: string; storageOptions: readonly number[] };

export type DeviceFieldCheck = {
  /** Each field's message, by field name (`modelId`, `answers.power`…); empty when all is well. */
  fields: Record<string, Message>;
  category: CategoryCode | null;
  storageGb: number | null;
  imei: string | null;
  answers: Record<string, string>;
};

/**
 * Checks one device as the member describes it, `model` being the catalogue's model of its id
 * (undefined when there is none): a model of the chosen category, one of its storage sizes, an
 * answer to each question its category asks, and (for an application) its IMEI, which a smartphone
 * must have. Every field's message at once.
 */
export function checkDeviceFields(
  input: TBuybackDevice,
  o: { withImei: boolean; model: DeviceModelFacts | undefined },
): DeviceFieldCheck {
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
  const category = take(ZCategory, input.categoryCode, "categoryCode", "categoryCode") as CategoryCode | null;
  let model = o.model;
  if (positiveInt(input.modelId) === null) {
    fields.modelId = blank(input.modelId) ? ERR.modelRequired : ERR.unknownModel;
    model = undefined;
  } else if (!model || (category && model.categoryCode !== category)) {
    fields.modelId = ERR.unknownModel;
    model = undefined;
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
  return {
    fields,
    category,
    storageGb: model && model.storageOptions.length > 0 ? storageGb : null,
    imei: imeiValue,
    answers,
  };
}

/**
 * The application form's devices as the page checks them while they are filled in: its flat
 * fields (`count`, `devices.{i}.{field}`, answers as `devices.{i}.answers.{question}`), each
 * device through `checkDeviceFields` against the models the page lists, messages under the
 * fields' names. (Two devices with one IMEI, and the catalogue itself, are the server's to say.)
 */
export function applicationDevicesSchema(models: readonly DeviceModelFacts[]) {
  return z.record(z.string(), z.unknown()).superRefine((form, ctx) => {
    const count = positiveInt(form.count) ?? 0;
    for (let i = 0; i < count; i++) {
      const at = (field: string) => form[`devices.${i}.${field}`];
      const device: TBuybackDevice = {
        categoryCode: at("categoryCode"),
        modelId: at("modelId"),
        storageGb: at("storageGb"),
        imei: at("imei"),
        answers: Object.fromEntries(ALL_QUESTIONS.map((q) => [q, at(`answers.${q}`)])),
      };
      const modelId = positiveInt(device.modelId);
      const model = models.find((m) => m.id === modelId);
      for (const [field, message] of Object.entries(
        checkDeviceFields(device, { withImei: true, model }).fields,
      )) {
        ctx.addIssue({
          code: "custom",
          path: [`devices.${i}.${field}`],
          message: field,
          params: { message },
        });
      }
    }
  });
}
