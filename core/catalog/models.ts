import { and, asc, eq } from "drizzle-orm";
import { deviceModels, tacCodes } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { BRANDS } from "./codes.ts";

export type DeviceModel = typeof deviceModels.$inferSelect;

/** The model catalogue of one brand (and category), newest first, for the listing form and filters. */
export async function listModels(
  ctx: Pick<CoreContext, "db">,
  o: { brandCode?: string | undefined; categoryCode?: string | undefined } = {},
): Promise<DeviceModel[]> {
  const where = [];
  if (o.brandCode) where.push(eq(deviceModels.brandCode, o.brandCode));
  if (o.categoryCode) where.push(eq(deviceModels.categoryCode, o.categoryCode));
  return ctx.db
    .select()
    .from(deviceModels)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(deviceModels.brandCode), asc(deviceModels.name));
}

export async function getModel(ctx: Pick<CoreContext, "db">, id: number): Promise<DeviceModel | null> {
  const [row] = await ctx.db.select().from(deviceModels).where(eq(deviceModels.id, id)).limit(1);
  return row ?? null;
}

/** The model an IMEI's Type Allocation Code (its first 8 digits) belongs to, when we know it. */
export async function modelByImei(ctx: Pick<CoreContext, "db">, imei: string): Promise<DeviceModel | null> {
  if (!/^\d{15}$/.test(imei)) return null;
  const [row] = await ctx.db
    .select({ model: deviceModels })
    .from(tacCodes)
    .innerJoin(deviceModels, eq(deviceModels.id, tacCodes.modelId))
    .where(eq(tacCodes.tac, imei.slice(0, 8)))
    .limit(1);
  return row?.model ?? null;
}

/** A device named by its IMEI's TAC: the maker and the model, as the checker and the listing form show them. */
export type IdentifiedDevice = {
  brand: { code: string; name: string };
  model: { id: number; name: string; categoryCode: string };
};

/**
 * The maker and model of an IMEI from the TAC table, or null when we do not know the device: the one
 * lookup behind the IMEI checker and the listing form's fill.
 */
export async function identifyDevice(
  ctx: Pick<CoreContext, "db">,
  imei: string,
): Promise<IdentifiedDevice | null> {
  const model = await modelByImei(ctx, imei);
  const brand = model ? BRANDS.find((b) => b.code === model.brandCode) : undefined;
  if (!model || !brand) return null;
  return {
    brand: { code: brand.code, name: brand.name },
    model: { id: model.id, name: model.name, categoryCode: model.categoryCode },
  };
}

/** IMEIs are shown to everyone but the seller with the serial part hidden: the TAC names only the model. */
export function maskImei(imei: string): string {
  return `${imei.slice(0, 8)}${"•".repeat(imei.length - 8)}`;
}
