// The facts a device listing carries beyond the spec's item fields: what a buyer of a used or broken
// phone needs to know, each one also a search filter.
import type { CodeOf, CodeTable } from "../shared/codes.ts";

export const CARRIERS = [
  { code: "docomo", label: { ja: "docomo", en: "docomo" } },
  { code: "au", label: { ja: "au", en: "au" } },
  { code: "softbank", label: { ja: "SoftBank", en: "SoftBank" } },
  { code: "rakuten", label: { ja: "楽天モバイル", en: "Rakuten Mobile" } },
  { code: "ymobile", label: { ja: "Y!mobile", en: "Y!mobile" } },
  { code: "uq", label: { ja: "UQ mobile", en: "UQ mobile" } },
  { code: "simfree", label: { ja: "SIMフリー", en: "SIM-free" } },
  { code: "other", label: { ja: "その他", en: "Other" } },
] as const satisfies CodeTable;

/** Network usage restriction (ネットワーク利用制限) as carriers report it. */
export const NETWORK_RESTRICTIONS = [
  { code: "○", label: { ja: "○（制限なし）", en: "○ (no restriction)" } },
  { code: "△", label: { ja: "△（分割支払い中など）", en: "△ (instalments unpaid)" } },
  { code: "×", label: { ja: "×（利用制限あり）", en: "× (restricted)" } },
  { code: "−", label: { ja: "−（対象外・SIMフリー）", en: "− (not applicable)" } },
] as const satisfies CodeTable;
export type NetworkRestriction = CodeOf<typeof NETWORK_RESTRICTIONS>;

export const ACTIVATION_LOCKS = [
  { code: "off", label: { ja: "解除済み", en: "Off" } },
  { code: "on", label: { ja: "ロックあり", en: "On" } },
  { code: "unknown", label: { ja: "不明", en: "Unknown" } },
] as const satisfies CodeTable;

export const COLORS = [
  { code: "black", label: { ja: "ブラック", en: "Black" } },
  { code: "white", label: { ja: "ホワイト", en: "White" } },
  { code: "silver", label: { ja: "シルバー", en: "Silver" } },
  { code: "gray", label: { ja: "グレー", en: "Gray" } },
  { code: "gold", label: { ja: "ゴールド", en: "Gold" } },
  { code: "blue", label: { ja: "ブルー", en: "Blue" } },
  { code: "red", label: { ja: "レッド", en: "Red" } },
  { code: "green", label: { ja: "グリーン", en: "Green" } },
  { code: "purple", label: { ja: "パープル", en: "Purple" } },
  { code: "pink", label: { ja: "ピンク", en: "Pink" } },
  { code: "yellow", label: { ja: "イエロー", en: "Yellow" } },
  { code: "other", label: { ja: "その他", en: "Other" } },
] as const satisfies CodeTable;

/** The defects checklist: what is wrong with the device, so "junk" stops being a vague word. */
export const DEFECTS = [
  { code: "screen_cracked", label: { ja: "画面割れ", en: "Cracked screen" } },
  { code: "display_faulty", label: { ja: "表示不良（線・シミ・映らない）", en: "Display faults" } },
  { code: "touch_faulty", label: { ja: "タッチ操作の不具合", en: "Touch faults" } },
  { code: "camera_faulty", label: { ja: "カメラの不具合", en: "Camera faults" } },
  {
    code: "biometrics_faulty",
    label: { ja: "Face ID / Touch ID 不可", en: "Face ID / Touch ID not working" },
  },
  { code: "battery_swollen", label: { ja: "バッテリー膨張", en: "Swollen battery" } },
  { code: "water_damage", label: { ja: "水没歴あり", en: "Water damage" } },
  { code: "charging_port_faulty", label: { ja: "充電口の不具合", en: "Charging port faults" } },
  { code: "audio_faulty", label: { ja: "スピーカー・マイクの不具合", en: "Speaker / microphone faults" } },
  { code: "buttons_faulty", label: { ja: "ボタンの不具合", en: "Button faults" } },
  { code: "no_power", label: { ja: "電源が入らない", en: "Won't power on" } },
] as const satisfies CodeTable;
export type Defect = CodeOf<typeof DEFECTS>;

/** Storage sizes offered when listing, in GB. */
export const STORAGE_SIZES = [16, 32, 64, 128, 256, 512, 1024, 2048] as const;
