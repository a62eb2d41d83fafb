// The facts a device listing carries beyond the spec's item fields: what a buyer of a used or broken
// phone needs to know, each one also a search filter. Labels are catalogue messages (`listing.*`).
import type { CodeOf, CodeTable } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";

export const CARRIERS = [
  { code: "docomo", label: msg("listing.carriers.docomo") },
  { code: "au", label: msg("listing.carriers.au") },
  { code: "softbank", label: msg("listing.carriers.softbank") },
  { code: "rakuten", label: msg("listing.carriers.rakuten") },
  { code: "ymobile", label: msg("listing.carriers.ymobile") },
  { code: "uq", label: msg("listing.carriers.uq") },
  { code: "simfree", label: msg("listing.carriers.simfree") },
  { code: "other", label: msg("listing.carriers.other") },
] as const satisfies CodeTable;

/** Network usage restriction (ネットワーク利用制限) as carriers report it. */
export const NETWORK_RESTRICTIONS = [
  { code: "○", label: msg("listing.networkRestrictions.none") },
  { code: "△", label: msg("listing.networkRestrictions.instalments") },
  { code: "×", label: msg("listing.networkRestrictions.restricted") },
  { code: "−", label: msg("listing.networkRestrictions.notApplicable") },
] as const satisfies CodeTable;
export type NetworkRestriction = CodeOf<typeof NETWORK_RESTRICTIONS>;

export const ACTIVATION_LOCKS = [
  { code: "off", label: msg("listing.activationLocks.off") },
  { code: "on", label: msg("listing.activationLocks.on") },
  { code: "unknown", label: msg("listing.activationLocks.unknown") },
] as const satisfies CodeTable;

export const COLORS = [
  { code: "black", label: msg("listing.colors.black") },
  { code: "white", label: msg("listing.colors.white") },
  { code: "silver", label: msg("listing.colors.silver") },
  { code: "gray", label: msg("listing.colors.gray") },
  { code: "gold", label: msg("listing.colors.gold") },
  { code: "blue", label: msg("listing.colors.blue") },
  { code: "red", label: msg("listing.colors.red") },
  { code: "green", label: msg("listing.colors.green") },
  { code: "purple", label: msg("listing.colors.purple") },
  { code: "pink", label: msg("listing.colors.pink") },
  { code: "yellow", label: msg("listing.colors.yellow") },
  { code: "other", label: msg("listing.colors.other") },
] as const satisfies CodeTable;

/** The defects checklist: what is wrong with the device, so "junk" stops being a vague word. */
export const DEFECTS = [
  { code: "screen_cracked", label: msg("listing.defects.screenCracked") },
  { code: "display_faulty", label: msg("listing.defects.displayFaulty") },
  { code: "touch_faulty", label: msg("listing.defects.touchFaulty") },
  { code: "camera_faulty", label: msg("listing.defects.cameraFaulty") },
  { code: "biometrics_faulty", label: msg("listing.defects.biometricsFaulty") },
  { code: "battery_swollen", label: msg("listing.defects.batterySwollen") },
  { code: "water_damage", label: msg("listing.defects.waterDamage") },
  { code: "charging_port_faulty", label: msg("listing.defects.chargingPortFaulty") },
  { code: "audio_faulty", label: msg("listing.defects.audioFaulty") },
  { code: "buttons_faulty", label: msg("listing.defects.buttonsFaulty") },
  { code: "no_power", label: msg("listing.defects.noPower") },
] as const satisfies CodeTable;
export type Defect = CodeOf<typeof DEFECTS>;

/** Storage sizes offered when listing, in GB. */
export const STORAGE_SIZES = [16, 32, 64, 128, 256, 512, 1024, 2048] as const;
