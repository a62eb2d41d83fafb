import { and, eq, sql } from "drizzle-orm";
import type { DiagnosticKey } from "#core/buyback/diagnostic-fields.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import type { Db } from "#db/client.ts";
import {
  type BuybackGrade,
  buybackApplications,
  buybackDeliveries,
  buybackItems,
  type DiagnosticValue,
} from "#db/schema/index.ts";
import { imeiFrom } from "./imei.ts";

const ADDRESS = {
  familyName: "佐藤",
  givenName: "一郎",
  familyNameKana: "サトウ",
  givenNameKana: "イチロウ",
  postalCode: "1010041",
  prefectureCode: "13",
  city: "千代田区",
  street: "神田須田町1-1",
  building: "",
  phone: "09012345678",
};

/** Every device diagnostic field recorded, as a grader would; the NSYS grade not applicable. */
export function gradedDiagnostics(imei: string): Record<DiagnosticKey, DiagnosticValue> {
  return {
    imei: { value: imei },
    serialNumber: { value: "F2LXK0AAPLJM" },
    modelName: { value: "iPhone 13" },
    modelNumber: { value: "MLNE3J/A" },
    osVersion: { value: "iOS 17.5.1" },
    batteryMaxCapacity: { value: "86" },
    batteryCycleCount: { value: "412" },
    testResult: { value: "pass" },
    testDate: { value: "2026-11-18" },
    dataDeletionDate: { value: "2026-11-18" },
    nonGenuineParts: { value: "none" },
    power: { value: "on" },
    initialization: { value: "done" },
    carrier: { value: "docomo" },
    networkRestriction: { value: "○" },
    activationLock: { value: "off" },
    nsysGrade: { na: "NSYS検査の対象外の機種" },
    manufacturer: { value: "Apple" },
    model: { value: "iPhone 13" },
    memory: { value: "128GB" },
    color: { value: "ミッドナイト" },
    note: { value: "背面に細かな擦り傷" },
  };
}

/** What the buyer pays us on top of an amount (the integrator's rule at acceptance). */
export const buyerFeeOf = (amount: number) => Math.floor((amount * BUYBACK_RULES.buyerFeePercent) / 100);

/** The company's delivery that has not shipped, made when there is none (one per company). */
export async function openDeliveryOf(db: Db, companyId: number, scheduledShipDate: string): Promise<number> {
  const [open] = await db
    .select({ id: buybackDeliveries.id })
    .from(buybackDeliveries)
    .where(and(eq(buybackDeliveries.companyId, companyId), eq(buybackDeliveries.state, "10")));
  if (open) return open.id;
  const [made] = await db
    .insert(buybackDeliveries)
    .values({ companyId, state: "10", scheduledShipDate })
    .returning({ id: buybackDeliveries.id });
  return made!.id;
}

/**
 * A device a member sold to a company (state 50), as acceptance leaves it: graded, the offer's
 * amount and the buyer's fee, and in the company's open delivery (or `deliveryId`), whose count
 * and payment grow by it. `deliveryId: null` leaves it outside any delivery.
 */
export async function addBoughtDevice(
  db: Db,
  o: {
    companyId: number;
    sellerId: number;
    modelId: number;
    amount: number;
    grade?: BuybackGrade;
    ngConditions?: string[];
    imei?: string;
    storageGb?: number;
    decidedAt?: Date;
    deliveryId?: number | null;
    scheduledShipDate?: string;
    diagnostics?: Record<string, DiagnosticValue>;
  },
): Promise<{ itemId: number; deliveryId: number | null }> {
  const imei = o.imei ?? imeiFrom(`3569380${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  const [application] = await db
    .insert(buybackApplications)
    .values({
      userId: o.sellerId,
      shippingMethod: "kit",
      address: ADDRESS,
      requestKey: `test-${imei}-${Math.random().toString(36).slice(2)}`,
    })
    .returning({ id: buybackApplications.id });
  const deliveryId =
    o.deliveryId === undefined
      ? await openDeliveryOf(db, o.companyId, o.scheduledShipDate ?? "2026-11-25")
      : o.deliveryId;
  const fee = buyerFeeOf(o.amount);
  const decidedAt = o.decidedAt ?? new Date("2026-11-20T01:00:00Z");
  const [item] = await db
    .insert(buybackItems)
    .values({
      applicationId: application!.id,
      userId: o.sellerId,
      modelId: o.modelId,
      storageGb: o.storageGb ?? 128,
      imei,
      state: "50",
      grade: o.grade ?? "B",
      ngConditions: o.ngConditions ?? [],
      diagnostics: o.diagnostics ?? gradedDiagnostics(imei),
      gradedAt: new Date(decidedAt.getTime() - 3 * 86_400_000),
      offerCompanyId: o.companyId,
      offerBid: o.amount,
      offerDeductions: [],
      offerAmount: o.amount,
      offeredAt: new Date(decidedAt.getTime() - 86_400_000),
      decidedAt,
      buyerFee: fee,
      deliveryId,
    })
    .returning({ id: buybackItems.id });
  if (deliveryId !== null) {
    await db
      .update(buybackDeliveries)
      .set({
        productCount: sql`${buybackDeliveries.productCount} + 1`,
        paymentAmount: sql`${buybackDeliveries.paymentAmount} + ${o.amount + fee}`,
      })
      .where(eq(buybackDeliveries.id, deliveryId));
  }
  return { itemId: item!.id, deliveryId };
}
