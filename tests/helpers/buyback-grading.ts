import { eq } from "drizzle-orm";
import { BUYBACK_ITEM_MACHINE } from "#core/buyback/states.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { COURIER_INVOICE_KIND, COURIER_SHIPPING_TYPE } from "#core/shared/courier.ts";
import { changeState, recordCreation } from "#core/state/change-state.ts";
import {
  type BuybackAddress,
  type BuybackGrade,
  type BuybackNgCondition,
  buybackApplications,
  buybackBids,
  buybackItems,
} from "#db/schema/index.ts";

export const BUYBACK_ADDRESS: BuybackAddress = {
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区神宮前",
  street: "1-2-3",
  building: "",
  phone: "09012345678",
};

/** A valid IMEI (its 15th digit is the Luhn check digit of the first 14). */
const VALID_IMEI = "356938035643809";

/** Every diagnostic field filled in, as a grader of a working iPhone would (NSYS left not applicable). */
export function fullDiagnostics(over: Record<string, unknown> = {}) {
  return {
    imei: { value: VALID_IMEI },
    serialNumber: { value: "F2LXK0QWERTY" },
    modelName: { value: "iPhone 13" },
    modelNumber: { value: "MLNE3J/A" },
    osVersion: { value: "iOS 18.1" },
    batteryMaxCapacity: { value: "87" },
    batteryCycleCount: { value: "412" },
    testResult: { value: "pass" },
    testDate: { value: "2026-11-21" },
    dataDeletionDate: { value: "2026-11-21" },
    nonGenuineParts: { value: "none" },
    power: { value: "on" },
    initialization: { value: "done" },
    carrier: { value: "sim_free" },
    networkRestriction: { value: "○" },
    activationLock: { value: "off" },
    nsysGrade: { na: true, reason: "NSYSの検査を受けていない端末" },
    manufacturer: { value: "Apple" },
    model: { value: "iPhone 13" },
    memory: { value: "128GB" },
    color: { value: "ミッドナイト" },
    note: { value: "" },
    ...over,
  };
}

/**
 * A member's buyback application as the member flow leaves it: a kit with its inbound invoice, and
 * its devices created through the device machine (10), shipped (20) when asked.
 */
export async function makeBuybackApplication(
  ctx: CoreContext,
  o: {
    userId: number;
    devices: { modelId: number; imei?: string; storageGb?: number; answers?: Record<string, string> }[];
    shipped?: boolean;
  },
): Promise<{ applicationId: number; itemIds: number[]; invoiceNumber: string }> {
  // Step by step rather than in one transaction: the courier is an outside service, never called
  // while a transaction is open (the embedded database has one connection).
  const db = ctx.db;
  const [application] = await db
    .insert(buybackApplications)
    .values({
      userId: o.userId,
      shippingMethod: "kit",
      address: BUYBACK_ADDRESS,
      requestKey: `grading-${Date.now()}-${Math.random()}`,
    })
    .returning({ id: buybackApplications.id });
  const applicationId = application!.id;
  const invoice = await ctx.courier.issueInvoice({
    reference: `buyback-kit-${applicationId}`,
    invoiceKind: COURIER_INVOICE_KIND.PARCEL,
    parcelSize: 60,
    shippingType: COURIER_SHIPPING_TYPE.OFFICE,
    pickup: null,
    packaging: "01",
    handlingNotes: ["01", "02"],
  });
  await db
    .update(buybackApplications)
    .set({
      inboundInvoiceNumber: invoice.invoiceNumber,
      inboundTrackingUrl: invoice.trackingUrl,
      ...(o.shipped ? { shippedAt: ctx.clock.now() } : {}),
    })
    .where(eq(buybackApplications.id, applicationId));
  const itemIds: number[] = [];
  for (const d of o.devices) {
    const [item] = await db
      .insert(buybackItems)
      .values({
        applicationId,
        userId: o.userId,
        modelId: d.modelId,
        storageGb: d.storageGb ?? 128,
        imei: d.imei ?? null,
        answers: d.answers ?? { power: "yes", screen: "ok", battery: "ok", appearance: "used" },
        estimate: { grade: "B", ngConditions: [], bid: 30_000, deductions: [], amount: 30_000 },
        state: "10",
      })
      .returning({ id: buybackItems.id });
    await recordCreation(ctx, {
      machine: BUYBACK_ITEM_MACHINE,
      id: item!.id,
      state: "10",
      actor: { role: "member", id: o.userId },
    });
    if (o.shipped) {
      await changeState(ctx, {
        machine: BUYBACK_ITEM_MACHINE,
        table: buybackItems,
        id: item!.id,
        from: "10",
        action: "ship",
        actor: { role: "member", id: o.userId },
      });
    }
    itemIds.push(item!.id);
  }
  return { applicationId, itemIds, invoiceNumber: invoice.invoiceNumber };
}

/** A company's standing bid on one model × grade × NG condition (set now, enabled). */
export async function placeBid(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    companyId: number;
    modelId: number;
    grade: BuybackGrade;
    ngCondition?: BuybackNgCondition;
    price: number;
  },
): Promise<number> {
  const ngCondition = o.ngCondition ?? "none";
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(buybackBids)
    .values({ ...o, ngCondition, enabled: true, priceSetAt: now })
    .onConflictDoUpdate({
      target: [buybackBids.companyId, buybackBids.modelId, buybackBids.grade, buybackBids.ngCondition],
      set: { price: o.price, enabled: true, priceSetAt: now, updatedAt: now },
    })
    .returning({ id: buybackBids.id });
  return row!.id;
}
