import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { deviceModels, tacCodes } from "../schema/index.ts";

type ModelSeed = [brandCode: string, categoryCode: string, name: string, year: number, storage: number[]];

const A = "00001"; // Apple
const SONY = "00002";
const SHARP = "00003";
const SAMSUNG = "00004";
const GOOGLE = "00005";
const FUJITSU = "00006";
const KYOCERA = "00007";
const XIAOMI = "00009";
const OPPO = "00011";

/** The common models sold in Japan, the catalogue the listing form and filters offer. */
const DEVICE_MODELS: ModelSeed[] = [
  [A, "05", "iPhone 8", 2017, [64, 128, 256]],
  [A, "05", "iPhone X", 2017, [64, 256]],
  [A, "05", "iPhone XR", 2018, [64, 128, 256]],
  [A, "05", "iPhone XS", 2018, [64, 256, 512]],
  [A, "05", "iPhone 11", 2019, [64, 128, 256]],
  [A, "05", "iPhone 11 Pro", 2019, [64, 256, 512]],
  [A, "05", "iPhone SE (第2世代)", 2020, [64, 128, 256]],
  [A, "05", "iPhone 12 mini", 2020, [64, 128, 256]],
  [A, "05", "iPhone 12", 2020, [64, 128, 256]],
  [A, "05", "iPhone 12 Pro", 2020, [128, 256, 512]],
  [A, "05", "iPhone 13 mini", 2021, [128, 256, 512]],
  [A, "05", "iPhone 13", 2021, [128, 256, 512]],
  [A, "05", "iPhone 13 Pro", 2021, [128, 256, 512, 1024]],
  [A, "05", "iPhone SE (第3世代)", 2022, [64, 128, 256]],
  [A, "05", "iPhone 14", 2022, [128, 256, 512]],
  [A, "05", "iPhone 14 Pro", 2022, [128, 256, 512, 1024]],
  [A, "05", "iPhone 15", 2023, [128, 256, 512]],
  [A, "05", "iPhone 15 Pro", 2023, [128, 256, 512, 1024]],
  [A, "05", "iPhone 16", 2024, [128, 256, 512]],
  [A, "05", "iPhone 16 Pro", 2024, [128, 256, 512, 1024]],
  [A, "06", "iPad (第9世代)", 2021, [64, 256]],
  [A, "06", "iPad Air (第5世代)", 2022, [64, 256]],
  [A, "06", "MacBook Air M1", 2020, [256, 512, 1024]],
  [GOOGLE, "05", "Pixel 6a", 2022, [128]],
  [GOOGLE, "05", "Pixel 7", 2022, [128, 256]],
  [GOOGLE, "05", "Pixel 7a", 2023, [128]],
  [GOOGLE, "05", "Pixel 8", 2023, [128, 256]],
  [GOOGLE, "05", "Pixel 8a", 2024, [128, 256]],
  [GOOGLE, "05", "Pixel 9", 2024, [128, 256]],
  [SAMSUNG, "05", "Galaxy S21", 2021, [256]],
  [SAMSUNG, "05", "Galaxy S22", 2022, [256]],
  [SAMSUNG, "05", "Galaxy S23", 2023, [256]],
  [SAMSUNG, "05", "Galaxy S24", 2024, [256, 512]],
  [SAMSUNG, "05", "Galaxy A54 5G", 2023, [128]],
  [SAMSUNG, "05", "Galaxy Z Flip5", 2023, [256, 512]],
  [SONY, "05", "Xperia 1 V", 2023, [256, 512]],
  [SONY, "05", "Xperia 10 V", 2023, [128]],
  [SONY, "05", "Xperia 5 IV", 2022, [128, 256]],
  [SONY, "05", "Xperia Ace III", 2022, [64]],
  [SHARP, "05", "AQUOS sense7", 2022, [128]],
  [SHARP, "05", "AQUOS sense8", 2023, [128]],
  [SHARP, "05", "AQUOS wish3", 2023, [64]],
  [SHARP, "05", "AQUOS R8", 2023, [256]],
  [FUJITSU, "05", "arrows We", 2021, [64]],
  [FUJITSU, "05", "arrows N", 2023, [128]],
  [KYOCERA, "05", "BASIO active", 2022, [64]],
  [KYOCERA, "05", "TORQUE G06", 2023, [128]],
  [XIAOMI, "05", "Redmi Note 13 Pro 5G", 2024, [256]],
  [OPPO, "05", "OPPO Reno9 A", 2023, [128]],
];

/**
 * Sample Type Allocation Codes for the demo catalogue. They use the 99 prefix, which no device
 * sold in Japan carries, so a real IMEI is never matched to a wrong model; a production
 * installation loads the licensed GSMA TAC database into the same table.
 */
const DEMO_TACS: [tac: string, brandCode: string, modelName: string][] = [
  ["99000101", A, "iPhone 13"],
  ["99000102", A, "iPhone 12"],
  ["99000103", A, "iPhone 14 Pro"],
  ["99000104", A, "iPhone SE (第2世代)"],
  ["99000201", GOOGLE, "Pixel 7a"],
  ["99000301", SAMSUNG, "Galaxy S23"],
  ["99000401", SONY, "Xperia 10 V"],
  ["99000501", SHARP, "AQUOS sense7"],
];

/** Idempotent: known models and TACs are left as they are. */
export async function seedDeviceModels(db: Db): Promise<number> {
  const rows = await db
    .insert(deviceModels)
    .values(
      DEVICE_MODELS.map(([brandCode, categoryCode, name, releasedYear, storageOptions]) => ({
        brandCode,
        categoryCode,
        name,
        releasedYear,
        storageOptions,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: deviceModels.id });
  for (const [tac, brandCode, name] of DEMO_TACS) {
    await db.execute(sql`
      insert into ${tacCodes} (tac, model_id)
      select ${tac}, id from ${deviceModels} where brand_code = ${brandCode} and name = ${name}
      on conflict do nothing`);
  }
  return rows.length;
}
