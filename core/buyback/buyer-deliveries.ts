import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type BuybackDeliveryState, buybackCompanies, buybackDeliveries } from "#db/schema/index.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import {
  type BoughtDevice,
  DELIVERY_STATUS_STATE,
  type DeliveryStatus,
  deliveryStatus,
  devicesOfDelivery,
  type PagedList,
  pageWindow,
  totalsOf,
} from "./bought-devices.ts";
import type { Buyer } from "./buyers.ts";
import { DELIVERY_SHIPMENT_STATUSES } from "./codes.ts";

const PAGE_SIZE = 20;

/** Filters read leniently from a query string: anything unknown means "any", or page 1. */
const ZDeliveryQuery = z.object({
  status: z.enum(codesOf(DELIVERY_SHIPMENT_STATUSES)).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** A delivery as its list shows it (spec §2 columns), with when it left and how to follow it. */
export type DeliverySummary = {
  id: number;
  state: BuybackDeliveryState;
  status: DeliveryStatus;
  productCount: number;
  /** YYYY-MM-DD, a Tokyo day. */
  scheduledShipDate: string;
  paymentAmount: number;
  invoiceNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date | null;
  createdAt: Date;
};

export function toDeliverySummary(d: typeof buybackDeliveries.$inferSelect): DeliverySummary {
  return {
    id: d.id,
    state: d.state,
    status: deliveryStatus(d.state),
    productCount: d.productCount,
    scheduledShipDate: d.scheduledShipDate,
    paymentAmount: d.paymentAmount,
    invoiceNumber: d.invoiceNumber,
    trackingUrl: d.trackingUrl,
    shippedAt: d.shippedAt,
    createdAt: d.createdAt,
  };
}

/** One delivery with its devices and what they add up to, and whom it goes to (the delivery note). */
export type DeliveryDetail = DeliverySummary & {
  devices: BoughtDevice[];
  totals: { count: number; amount: number; fee: number; payment: number };
  company: { id: number; name: string; address: string; phone: string; invoiceNumber: string | null };
};

const NOT_FOUND = () =>
  new AppError("NOT_FOUND", { message: msg("buybackDeliveries.errors.deliveryNotFound") });

/** The buyer company's deliveries, newest first, filtered by status, 20 to a page. */
export async function listBuyerDeliveries(
  ctx: Pick<CoreContext, "db">,
  o: { buyer: Pick<Buyer, "companyId">; query?: unknown },
): Promise<PagedList<DeliverySummary, { status: string }>> {
  const q = ZDeliveryQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const where: SQL[] = [eq(buybackDeliveries.companyId, o.buyer.companyId)];
  if (q.status) where.push(eq(buybackDeliveries.state, DELIVERY_STATUS_STATE[q.status]));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(buybackDeliveries)
    .where(and(...where));
  const { page, pages, offset } = pageWindow(Number(total?.n ?? 0), q.page, PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(buybackDeliveries)
    .where(and(...where))
    .orderBy(desc(buybackDeliveries.id))
    .limit(PAGE_SIZE)
    .offset(offset);
  return {
    rows: rows.map(toDeliverySummary),
    total: Number(total?.n ?? 0),
    page,
    pages,
    filters: { status: q.status ?? "" },
  };
}

/** One delivery with its devices; `companyId` limits it to one company (NOT_FOUND otherwise). */
export async function loadDeliveryDetail(
  ctx: Pick<CoreContext, "db">,
  o: { deliveryId: number; companyId?: number },
): Promise<DeliveryDetail> {
  const [row] = await ctx.db
    .select({ delivery: buybackDeliveries, company: buybackCompanies })
    .from(buybackDeliveries)
    .innerJoin(buybackCompanies, eq(buybackCompanies.id, buybackDeliveries.companyId))
    .where(
      and(
        eq(buybackDeliveries.id, o.deliveryId),
        o.companyId === undefined ? undefined : eq(buybackDeliveries.companyId, o.companyId),
      ),
    );
  if (!row) throw NOT_FOUND();
  const devices = await devicesOfDelivery(ctx.db, row.delivery);
  return {
    ...toDeliverySummary(row.delivery),
    devices,
    totals: totalsOf(devices),
    company: {
      id: row.company.id,
      name: row.company.name,
      address: row.company.address,
      phone: row.company.phone,
      invoiceNumber: row.company.invoiceNumber,
    },
  };
}

/** One of the buyer company's deliveries; another company's is NOT_FOUND, as if it did not exist. */
export function getBuyerDelivery(
  ctx: Pick<CoreContext, "db">,
  o: { buyer: Pick<Buyer, "companyId">; deliveryId: number },
): Promise<DeliveryDetail> {
  return loadDeliveryDetail(ctx, { deliveryId: o.deliveryId, companyId: o.buyer.companyId });
}
