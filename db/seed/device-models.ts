import { sql } from "drizzle-orm";
import { DEVICE_CATALOGUE } from "#core/catalog/device-catalogue.ts";
import type { Db } from "../client.ts";
import { deviceModels, tacCodes } from "../schema/index.ts";

const A = "00001"; // Apple
const SONY = "00002";
const SHARP = "00003";
const SAMSUNG = "00004";
const GOOGLE = "00005";

/**
 * Sample Type Allocation Codes for the demo catalogue. They use the 99 prefix, which no device
 * sold in Japan carries, so a real IMEI is never matched to a wrong model; a production
 * installation loads the licensed GSMA TAC database into the same table.
 */
export const DEMO_TACS: [tac: string, brandCode: string, modelName: string][] = [
  ["99000101", A, "iPhone 13"],
  ["99000102", A, "iPhone 12"],
  ["99000103", A, "iPhone 14 Pro"],
  ["99000104", A, "iPhone SE (第2世代)"],
  ["99000201", GOOGLE, "Pixel 7a"],
  ["99000301", SAMSUNG, "Galaxy S23"],
  ["99000401", SONY, "Xperia 10 V"],
  ["99000501", SHARP, "AQUOS sense7"],
];

/**
 * The model catalogue every deployment starts from (makers' models, categories, storage sizes):
 * reference data, not demo data, so a production database gets it too. Idempotent: known models
 * are left as they are, with whatever operators changed.
 */
export async function seedDeviceCatalogue(db: Db): Promise<number> {
  const rows = await db
    .insert(deviceModels)
    .values(
      DEVICE_CATALOGUE.map((model) => ({
        brandCode: model.brandCode,
        categoryCode: model.categoryCode,
        name: model.name,
        releasedYear: model.releasedYear,
        storageOptions: model.storage,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: deviceModels.id });
  return rows.length;
}

/** The catalogue and the demo's made-up TACs (99…), which only the demo's IMEIs carry. Idempotent. */
export async function seedDeviceModels(db: Db): Promise<number> {
  const added = await seedDeviceCatalogue(db);
  for (const [tac, brandCode, name] of DEMO_TACS) {
    await db.execute(sql`
      insert into ${tacCodes} (tac, model_id)
      select ${tac}, id from ${deviceModels} where brand_code = ${brandCode} and name = ${name}
      on conflict do nothing`);
  }
  return added;
}
