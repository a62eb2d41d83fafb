import { z } from "zod";
import { BRANDS } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { imei, required, text } from "../shared/validation/index.ts";
import { type CarrierStatusProvider, createCarrierStatusSandbox } from "./carrier-status.ts";
import { modelByImei } from "./models.ts";

export const ZImeiCheck = z.object({ imei: text(required(), imei()) });
/** The checker's one field label, for validation messages (the API shares it). */
export const IMEI_LABELS: Record<string, Message> = { imei: msg("listing.fields.imei") };

/** Checks per IP address: enough for a person, not for a scraper. */
const IMEI_CHECK_LIMIT = { max: 30, windowSeconds: 600 };

export type ImeiCheckResult = {
  imei: string;
  tac: string;
  brand: { code: string; name: string } | null;
  model: { id: number; name: string } | null;
  networkRestriction: string;
  checkedAt: Date;
};

/**
 * The IMEI checker: the number's check digit (§5 rule and message), the maker and model from the
 * TAC table, and the network-use restriction status from the carrier-status provider.
 */
export async function checkImei(
  ctx: CoreContext,
  o: { input: unknown; ip: string; carrierStatus?: CarrierStatusProvider },
): Promise<ImeiCheckResult> {
  await consumeRateLimits(ctx, [{ key: `imei-check:ip:${o.ip}`, ...IMEI_CHECK_LIMIT }]);
  const { imei: number } = parseInput(ZImeiCheck, o.input, IMEI_LABELS);
  const provider = o.carrierStatus ?? createCarrierStatusSandbox(ctx.clock);
  const [model, carrier] = await Promise.all([modelByImei(ctx, number), provider.status(number)]);
  const brand = model ? BRANDS.find((b) => b.code === model.brandCode) : undefined;
  return {
    imei: number,
    tac: number.slice(0, 8),
    brand: brand ? { code: brand.code, name: brand.name } : null,
    model: model ? { id: model.id, name: model.name } : null,
    networkRestriction: carrier.status,
    checkedAt: carrier.checkedAt,
  };
}
