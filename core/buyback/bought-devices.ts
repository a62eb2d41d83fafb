import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  type BuybackDeliveryState,
  type BuybackGrade,
  buybackDeliveries,
  buybackItems,
  deviceModels,
} from "#db/schema/index.ts";
import type { CodeOf } from "../shared/codes.ts";
import type { DELIVERY_SHIPMENT_STATUSES } from "./codes.ts";

/** The buyer's words for a delivery's state (spec §4): 10 → not shipped yet, 20 → shipped. */
export type DeliveryStatus = CodeOf<typeof DELIVERY_SHIPMENT_STATUSES>;
export const DELIVERY_STATUS_STATE: Record<DeliveryStatus, BuybackDeliveryState> = {
  undispatched: "10",
  sent: "20",
};

export function deliveryStatus(state: BuybackDeliveryState | null | undefined): DeliveryStatus {
  return state === "20" ? "sent" : "undispatched";
}

/** Lists a buyer or an operator pages through by page number. */
export type PagedList<T, F> = { rows: T[]; total: number; page: number; pages: number; filters: F };

/** The page to show of `total` rows, `size` a page: the one asked for, or the last there is. */
export function pageWindow(total: number, asked: number | undefined, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(asked ?? 1, pages);
  return { pages, page, offset: (page - 1) * size };
}

/**
 * A bought device (a buyback item in state 50), as the buyer and the office list it: the product
 * ID is the buyback item's id, the product type its model and storage, the purchase date the day
 * the member accepted the offer, and the payment what the buyer pays for it (amount + our fee).
 * The member who sold it is never part of it.
 */
export type BoughtDevice = {
  id: number;
  categoryCode: string;
  modelName: string;
  storageGb: number | null;
  grade: BuybackGrade | null;
  ngConditions: string[];
  imei: string | null;
  amount: number;
  fee: number;
  payment: number;
  purchasedAt: Date | null;
  deliveryId: number | null;
  status: DeliveryStatus;
};

const COLUMNS = {
  id: buybackItems.id,
  categoryCode: deviceModels.categoryCode,
  modelName: deviceModels.name,
  storageGb: buybackItems.storageGb,
  grade: buybackItems.grade,
  ngConditions: buybackItems.ngConditions,
  imei: buybackItems.imei,
  offerAmount: buybackItems.offerAmount,
  buyerFee: buybackItems.buyerFee,
  decidedAt: buybackItems.decidedAt,
  deliveryId: buybackItems.deliveryId,
  deliveryState: buybackDeliveries.state,
};

/**
 * The bought devices that meet `where`, joined to their model and delivery: always only devices
 * bought (state 50); callers add the company (a buyer sees only its own) or the delivery.
 */
export function boughtDevicesQuery(db: Db, where: SQL[]) {
  return db
    .select(COLUMNS)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .leftJoin(buybackDeliveries, eq(buybackDeliveries.id, buybackItems.deliveryId))
    .where(and(eq(buybackItems.state, "50"), ...where))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof boughtDevicesQuery>>[number];

export function toBoughtDevice(r: Row): BoughtDevice {
  const amount = r.offerAmount ?? 0;
  const fee = r.buyerFee ?? 0;
  return {
    id: r.id,
    categoryCode: r.categoryCode,
    modelName: r.modelName,
    storageGb: r.storageGb,
    grade: r.grade,
    ngConditions: r.ngConditions,
    imei: r.imei,
    amount,
    fee,
    payment: amount + fee,
    purchasedAt: r.decidedAt,
    deliveryId: r.deliveryId,
    status: deliveryStatus(r.deliveryState),
  };
}

/** The devices a delivery holds, in the order they were bought. */
export async function devicesOfDelivery(
  db: Db,
  delivery: { id: number; companyId: number },
): Promise<BoughtDevice[]> {
  const rows = await boughtDevicesQuery(db, [
    eq(buybackItems.deliveryId, delivery.id),
    eq(buybackItems.offerCompanyId, delivery.companyId),
  ]).orderBy(buybackItems.decidedAt, buybackItems.id);
  return rows.map(toBoughtDevice);
}

/** What a delivery's devices add up to: the amounts bought, our fees, and what the buyer pays. */
export function totalsOf(devices: readonly BoughtDevice[]) {
  const amount = devices.reduce((s, d) => s + d.amount, 0);
  const fee = devices.reduce((s, d) => s + d.fee, 0);
  return { count: devices.length, amount, fee, payment: amount + fee };
}
