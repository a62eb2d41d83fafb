import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  BUYBACK_GRADES,
  buybackDeliveries,
  buybackItemPhotos,
  buybackItems,
  deviceModels,
} from "#db/schema/index.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import {
  type BoughtDevice,
  boughtDevicesQuery,
  DELIVERY_STATUS_STATE,
  type PagedList,
  pageWindow,
  toBoughtDevice,
} from "./bought-devices.ts";
import type { Buyer } from "./buyers.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "./diagnostic-fields.ts";

const PAGE_SIZE = 30;

/** Filters read leniently from a query string: anything unknown means "any", or page 1. */
const ZProductQuery = z.object({
  status: z.enum(["undispatched", "sent"]).optional().catch(undefined),
  grade: z.enum(BUYBACK_GRADES).optional().catch(undefined),
  category: z.enum(codesOf(CATEGORIES)).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** One device diagnostic field (spec §2) as recorded: a value, "not applicable" with the reason, or nothing. */
export type DiagnosticEntry = {
  key: DiagnosticKey;
  kind: (typeof DIAGNOSTIC_FIELDS)[number]["kind"];
  value: string | null;
  notApplicable: string | null;
};

/**
 * A product's page (spec §2): basic information, every device diagnostic field in the spec's
 * order, the grading photos and the failed checks. Nothing about the member who sold it.
 */
export type ProductDetail = BoughtDevice & {
  brandCode: string;
  externalGrade: { scale: string; value: string } | null;
  diagnostics: DiagnosticEntry[];
  gradedAt: Date | null;
  photos: { id: number; position: number }[];
  delivery: { id: number; invoiceNumber: string | null; trackingUrl: string | null } | null;
};

const PRODUCT_NOT_FOUND = () =>
  new AppError("NOT_FOUND", { message: msg("buybackDeliveries.errors.productNotFound") });

/**
 * The devices the buyer company bought, most recently bought first, filtered by the status of
 * their delivery, grade and category, 30 to a page.
 */
export async function listBuyerProducts(
  ctx: Pick<CoreContext, "db">,
  o: { buyer: Pick<Buyer, "companyId">; query?: unknown },
): Promise<PagedList<BoughtDevice, { status: string; grade: string; category: string }>> {
  const q = ZProductQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const where: SQL[] = [eq(buybackItems.offerCompanyId, o.buyer.companyId)];
  if (q.status === "sent") where.push(eq(buybackDeliveries.state, DELIVERY_STATUS_STATE.sent));
  if (q.status === "undispatched") {
    where.push(or(isNull(buybackItems.deliveryId), eq(buybackDeliveries.state, "10")) as SQL);
  }
  if (q.grade) where.push(eq(buybackItems.grade, q.grade));
  if (q.category) where.push(eq(deviceModels.categoryCode, q.category));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .leftJoin(buybackDeliveries, eq(buybackDeliveries.id, buybackItems.deliveryId))
    .where(and(eq(buybackItems.state, "50"), ...where));
  const n = Number(total?.n ?? 0);
  const { page, pages, offset } = pageWindow(n, q.page, PAGE_SIZE);
  const rows = await boughtDevicesQuery(ctx.db, where)
    .orderBy(sql`${buybackItems.decidedAt} desc nulls last`, desc(buybackItems.id))
    .limit(PAGE_SIZE)
    .offset(offset);
  return {
    rows: rows.map(toBoughtDevice),
    total: n,
    page,
    pages,
    filters: { status: q.status ?? "", grade: q.grade ?? "", category: q.category ?? "" },
  };
}

/** One device the buyer company bought; any other (another company's, not bought) is NOT_FOUND. */
export async function getBuyerProduct(
  ctx: Pick<CoreContext, "db">,
  o: { buyer: Pick<Buyer, "companyId">; productId: number },
): Promise<ProductDetail> {
  const [row] = await boughtDevicesQuery(ctx.db, [
    eq(buybackItems.id, o.productId),
    eq(buybackItems.offerCompanyId, o.buyer.companyId),
  ]);
  if (!row) throw PRODUCT_NOT_FOUND();
  const [extra] = await ctx.db
    .select({
      brandCode: deviceModels.brandCode,
      externalGrade: buybackItems.externalGrade,
      diagnostics: buybackItems.diagnostics,
      gradedAt: buybackItems.gradedAt,
      invoiceNumber: buybackDeliveries.invoiceNumber,
      trackingUrl: buybackDeliveries.trackingUrl,
    })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .leftJoin(buybackDeliveries, eq(buybackDeliveries.id, buybackItems.deliveryId))
    .where(eq(buybackItems.id, row.id));
  const photos = await ctx.db
    .select({ id: buybackItemPhotos.id, position: buybackItemPhotos.position })
    .from(buybackItemPhotos)
    .where(eq(buybackItemPhotos.itemId, row.id))
    .orderBy(asc(buybackItemPhotos.position));
  const device = toBoughtDevice(row);
  const recorded = extra?.diagnostics ?? {};
  return {
    ...device,
    brandCode: extra?.brandCode ?? "",
    externalGrade: extra?.externalGrade ?? null,
    gradedAt: extra?.gradedAt ?? null,
    diagnostics: DIAGNOSTIC_FIELDS.map((field) => {
      const v = recorded[field.key];
      return {
        key: field.key,
        kind: field.kind,
        value: v && "value" in v ? v.value : null,
        notApplicable: v && "na" in v ? v.na : null,
      };
    }),
    photos,
    delivery:
      device.deliveryId === null
        ? null
        : {
            id: device.deliveryId,
            invoiceNumber: extra?.invoiceNumber ?? null,
            trackingUrl: extra?.trackingUrl ?? null,
          },
  };
}

export const PHOTO_RENDITIONS = ["thumb", "large"] as const;
export type PhotoRendition = (typeof PHOTO_RENDITIONS)[number];

/**
 * One grading photo of a device the buyer company bought, read from the blob store whether it is
 * kept privately or not. A photo of another company's device does not exist (NOT_FOUND).
 */
export async function readProductPhoto(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { buyer: Pick<Buyer, "companyId">; productId: number; photoId: number; rendition: PhotoRendition },
): Promise<{ body: Uint8Array; contentType: string }> {
  const [photo] = await ctx.db
    .select({ blobKey: buybackItemPhotos.blobKey })
    .from(buybackItemPhotos)
    .innerJoin(buybackItems, eq(buybackItems.id, buybackItemPhotos.itemId))
    .where(
      and(
        eq(buybackItemPhotos.id, o.photoId),
        eq(buybackItems.id, o.productId),
        eq(buybackItems.state, "50"),
        eq(buybackItems.offerCompanyId, o.buyer.companyId),
      ),
    );
  if (!photo) throw PRODUCT_NOT_FOUND();
  // A key names the photo's renditions (`${key}-${rendition}.webp`), or is one whole file itself.
  const keys = photo.blobKey.endsWith(".webp")
    ? [photo.blobKey]
    : [`${photo.blobKey}-${o.rendition}.webp`, `${photo.blobKey}-large.webp`];
  for (const key of keys) {
    const blob = await ctx.blobs.get(key);
    if (blob) return blob;
  }
  throw PRODUCT_NOT_FOUND();
}
