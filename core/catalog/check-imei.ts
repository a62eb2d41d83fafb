import { z } from "zod";
import type { CoreContext } from "../shared/context.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { imei, required, text } from "../shared/validation/index.ts";
import type { CarrierStatusProvider } from "./carrier-status.ts";
import type { NetworkRestriction } from "./device-facts.ts";
import { type IdentifiedDevice, identifyDevice } from "./models.ts";

export const ZImeiCheck = z.object({ imei: text(required(), imei()) });
/** The checker's one field label, for validation messages (the API shares it). */
export const IMEI_LABELS: Record<string, Message> = { imei: msg("listing.fields.imei") };

/** Checks per IP address: enough for a person, not for a scraper. */
const IMEI_CHECK_LIMIT = { max: 30, windowSeconds: 600 };

export type ImeiCheckResult = {
  imei: string;
  tac: string;
  /** Whether the TAC table knows the device. When it does not, the checker claims nothing about it. */
  known: boolean;
  brand: { code: string; name: string } | null;
  model: { id: number; name: string; categoryCode: string } | null;
  /**
   * The carriers' status for a known device; null for a device we do not know, or when it was not
   * looked up (`restrictionChecked` false).
   */
  networkRestriction: NetworkRestriction | null;
  /** Whether a carrier lookup answered. False for an unknown device and where no lookup is configured. */
  restrictionChecked: boolean;
  checkedAt: Date | null;
};

/**
 * The IMEI checker: the number's check digit (§5 rule and message; spaces, hyphens and full-width
 * digits accepted), the maker, model and category from the TAC table, and the network-use
 * restriction status from the carrier-status provider. A valid number whose device is not in the TAC
 * table is "unknown": no maker, no model and no restriction status, never a reassuring ○. Without a lookup
 * service the status is "not checked", said as such.
 */
export async function checkImei(
  ctx: CoreContext,
  o: { input: unknown; ip: string; carrierStatus?: CarrierStatusProvider },
): Promise<ImeiCheckResult> {
  await consumeRateLimits(ctx, [{ key: `imei-check:ip:${o.ip}`, ...IMEI_CHECK_LIMIT }]);
  const { imei: number } = parseInput(ZImeiCheck, o.input, IMEI_LABELS);
  const device = await identifyDevice(ctx, number);
  const result = { imei: number, tac: number.slice(0, 8) };
  if (!device) {
    return {
      ...result,
      known: false,
      brand: null,
      model: null,
      networkRestriction: null,
      restrictionChecked: false,
      checkedAt: null,
    };
  }
  const carrier = await (o.carrierStatus ?? ctx.carrierStatus).status(number);
  return {
    ...result,
    known: true,
    brand: device.brand,
    model: device.model,
    networkRestriction: carrier?.status ?? null,
    restrictionChecked: carrier !== null,
    checkedAt: carrier?.checkedAt ?? null,
  };
}

/** Look-ups per member from the forms: one per IMEI typed, with room for corrections. */
const FORM_FILL_LIMIT = { max: 60, windowSeconds: 600 };

/**
 * The fill of the listing form and of the buyback application: the maker, model and category of the
 * IMEI a member types, from the same TAC table as the checker (null for a device we do not know).
 * Checked by the §5 rule and limited per member, both forms counting together.
 */
export async function deviceForForm(
  ctx: CoreContext,
  o: { actorId: number; input: unknown },
): Promise<IdentifiedDevice | null> {
  await consumeRateLimits(ctx, [{ key: `imei-fill:user:${o.actorId}`, ...FORM_FILL_LIMIT }]);
  const { imei: number } = parseInput(ZImeiCheck, o.input, IMEI_LABELS);
  return identifyDevice(ctx, number);
}
