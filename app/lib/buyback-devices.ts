import { BUYBACK_QUESTIONS, type BuybackQuestion } from "#core/buyback/device-fields.ts";

const QUESTIONS = Object.keys(BUYBACK_QUESTIONS) as BuybackQuestion[];

/** The fields of one device on the application form (the answers as `answers.{question}`). */
export const DEVICE_FIELDS = [
  "categoryCode",
  "modelId",
  "storageGb",
  "imei",
  ...QUESTIONS.map((q) => `answers.${q}` as const),
  // The self-check report sent with the device (its id), last: a draft saved before it reads "".
  "checkId",
] as const;
export type DeviceField = (typeof DEVICE_FIELDS)[number];
export type DeviceValues = Record<DeviceField, string>;

/** A field's name on the form and in the core's messages: `devices.{i}.{field}`. */
export function deviceField(index: number, field: DeviceField): string {
  return `devices.${index}.${field}`;
}

export function emptyDevice(categoryCode = "", modelId = ""): DeviceValues {
  const d = Object.fromEntries(DEVICE_FIELDS.map((f) => [f, ""])) as DeviceValues;
  return { ...d, categoryCode, modelId };
}

/** The devices as the form's flat values (what a failed submit gives back to the fields). */
export function flatDevices(devices: readonly DeviceValues[]): Record<string, string> {
  const out: Record<string, string> = { count: String(devices.length) };
  devices.forEach((d, i) => {
    for (const f of DEVICE_FIELDS) out[deviceField(i, f)] = d[f];
  });
  return out;
}

/** The devices back from the form's flat values. */
export function devicesOf(values: Readonly<Record<string, string>>): DeviceValues[] {
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) return [];
  return Array.from(
    { length: count },
    (_, i) =>
      Object.fromEntries(DEVICE_FIELDS.map((f) => [f, values[deviceField(i, f)] ?? ""])) as DeviceValues,
  );
}
