import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { CoreContext } from "#core/shared/context.ts";
import { ITEM_PHOTO_RENDITIONS } from "#core/storage/images.ts";
import {
  buybackBuyers,
  buybackCompanies,
  buybackItemPhotos,
  dealerLedger,
  deviceModels,
  users,
} from "#db/schema/index.ts";
import { addBoughtDevice, gradedDiagnostics } from "../helpers/buyback-deliveries.ts";
import { imeiFrom } from "../helpers/imei.ts";

/** The IMEIs of the devices the delivery journey finds in its buyer's open delivery. */
export const JOURNEY_IMEIS = [imeiFrom("35693803564380"), imeiFrom("35407115123456")];
/** A buyer company of the journey's own, so the demo buyers' deliveries stay as the demo has them. */
export const JOURNEY_BUYER = {
  email: "deliveries-buyer@tsugu.example",
  company: "株式会社モバイル検品センター",
};

/**
 * For the deliveries journey: a buyer company with one buyer (the demo password) and two devices
 * members sold to it, graded with every diagnostic field and a photo, in its delivery that has
 * not shipped.
 */
export async function seedDeliveriesJourney(ctx: CoreContext): Promise<void> {
  const db = ctx.db;
  const people = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, ["buyer@tsugu.example", "hanako@tsugu.example"]));
  const demoBuyer = people.find((p) => p.email === "buyer@tsugu.example");
  const sellerId = people.find((p) => p.email === "hanako@tsugu.example")?.id;
  if (!demoBuyer) throw new Error("the demo data is missing");
  const [company] = await db
    .insert(buybackCompanies)
    .values({
      name: JOURNEY_BUYER.company,
      invoiceNumber: "T5555555555555",
      address: "埼玉県さいたま市大宮区桜木町1-7-5",
      phone: "0486001234",
    })
    .returning({ id: buybackCompanies.id });
  const [account] = await db
    .insert(users)
    .values({
      email: JOURNEY_BUYER.email,
      nickname: "検品 小林",
      role: "business",
      passwordHash: demoBuyer.passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const companyId = company?.id;
  await db.insert(buybackBuyers).values({ userId: account!.id, companyId: companyId!, setupAt: new Date() });
  const models = await db
    .select({ id: deviceModels.id, name: deviceModels.name })
    .from(deviceModels)
    .where(and(eq(deviceModels.brandCode, "00001"), inArray(deviceModels.name, ["iPhone 13", "iPhone 12"])));
  const iphone13 = models.find((m) => m.name === "iPhone 13")?.id;
  const iphone12 = models.find((m) => m.name === "iPhone 12")?.id ?? iphone13;
  if (!companyId || !sellerId || !iphone13 || !iphone12) throw new Error("the demo data is missing");
  const devices = [
    { modelId: iphone13, amount: 38_000, grade: "A" as const, imei: JOURNEY_IMEIS[0]!, color: "#1f2a44" },
    { modelId: iphone12, amount: 14_500, grade: "J" as const, imei: JOURNEY_IMEIS[1]!, color: "#c8d6e5" },
  ];
  for (const [i, d] of devices.entries()) {
    const diagnostics = gradedDiagnostics(d.imei);
    if (d.grade === "J") {
      diagnostics.batteryMaxCapacity = { value: "74" };
      diagnostics.testResult = { value: "fail" };
      diagnostics.note = { value: "画面右下にひび割れ。タッチ操作は可能" };
    }
    const decidedAt = new Date(Date.now() - (i + 1) * 3600_000);
    const { itemId } = await addBoughtDevice(db, {
      companyId,
      sellerId,
      modelId: d.modelId,
      amount: d.amount,
      grade: d.grade,
      ngConditions: d.grade === "J" ? ["screen", "battery"] : [],
      imei: d.imei,
      decidedAt,
      scheduledShipDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(
        new Date(Date.now() + 3 * 86_400_000),
      ),
      diagnostics,
    });
    const key = `buyback/items/${itemId}/front`;
    for (const r of ITEM_PHOTO_RENDITIONS) {
      const image = await sharp({
        create: { width: r.maxSize, height: r.maxSize, channels: 3, background: d.color },
      })
        .webp()
        .toBuffer();
      await ctx.blobs.put(`${key}-${r.name}.webp`, new Uint8Array(image), "image/webp");
    }
    await db.insert(buybackItemPhotos).values({ itemId, blobKey: key, position: 0 });
    // The acquisition's row in the dealer ledger, as acceptance writes it.
    await db.insert(dealerLedger).values({
      tradedAt: decidedAt,
      kind: "買受け",
      itemName: `スマートフォン ${d.modelId === iphone13 ? "iPhone 13" : "iPhone 12"}`,
      quantity: 1,
      features: `IMEI ${d.imei} / 128GB / ${diagnostics.color && "value" in diagnostics.color ? diagnostics.color.value : ""}`,
      amount: d.amount,
      sellerName: "山田 花子",
      sellerAddress: "東京都渋谷区神宮前1-2-3",
      sellerOccupation: "会社員",
      sellerAge: 34,
      verificationMethod: "公的個人認証（マイナンバーカード）によるeKYC",
      buybackItemId: itemId,
      userId: sellerId,
    });
  }
}
