/**
 * The device diagnostic information a grader records for every device (spec §2, "device diagnostic
 * information"), in the order the buyer's product page shows it. Each is a value or "not
 * applicable" with the grader's reason; `choices` fields take one of their codes. `optional` fields
 * (what only the device itself tells and neither the price nor the checks depend on) may stay empty.
 */
export const DIAGNOSTIC_FIELDS = [
  { key: "imei", kind: "imei" },
  { key: "serialNumber", kind: "text", optional: true },
  { key: "modelName", kind: "text" },
  { key: "modelNumber", kind: "text", optional: true },
  { key: "osVersion", kind: "text", optional: true },
  { key: "batteryMaxCapacity", kind: "percent" },
  { key: "batteryCycleCount", kind: "count", optional: true },
  { key: "testResult", kind: "choices", choices: ["pass", "fail"] },
  { key: "testDate", kind: "date" },
  { key: "dataDeletionDate", kind: "date" },
  { key: "nonGenuineParts", kind: "choices", choices: ["none", "screen", "battery", "camera", "other"] },
  { key: "power", kind: "choices", choices: ["on", "off"] },
  { key: "initialization", kind: "choices", choices: ["done", "not_done"] },
  { key: "carrier", kind: "choices", choices: ["docomo", "au", "softbank", "rakuten", "sim_free", "other"] },
  /** ネットワーク利用制限: ○ paid off, △ instalments still running, × blocked, − not carrier-sold. */
  { key: "networkRestriction", kind: "choices", choices: ["○", "△", "×", "−"] },
  { key: "activationLock", kind: "choices", choices: ["off", "on"] },
  /** An outside grade kept as given (its scale is NSYS); never mapped onto the RMJ grade. */
  { key: "nsysGrade", kind: "text" },
  { key: "manufacturer", kind: "text" },
  { key: "model", kind: "text" },
  { key: "memory", kind: "text" },
  { key: "color", kind: "text", optional: true },
  { key: "note", kind: "note" },
] as const;

export type DiagnosticKey = (typeof DIAGNOSTIC_FIELDS)[number]["key"];
export const DIAGNOSTIC_KEYS: readonly DiagnosticKey[] = DIAGNOSTIC_FIELDS.map((f) => f.key);
