import { z } from "zod";
import { authorizeBuyer } from "#core/buyback/authorize-buyer.ts";
import type { BoughtDevice } from "#core/buyback/bought-devices.ts";
import {
  type DeliverySummary,
  getBuyerDelivery,
  listBuyerDeliveries,
} from "#core/buyback/buyer-deliveries.ts";
import { getBuyerProduct, listBuyerProducts } from "#core/buyback/buyer-products.ts";
import { DIAGNOSTIC_KEYS } from "#core/buyback/diagnostic-fields.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { codesOf } from "#core/shared/codes.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { BUYBACK_GRADES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const LABELS = {
  status: msg("buybackDeliveries.common.status"),
  grade: msg("buybackDeliveries.products.grade"),
  category: msg("buybackDeliveries.products.category"),
};

const ZStatus = z
  .enum(["undispatched", "sent"])
  .describe("undispatched (未発送: buyer state 10, not shipped) | sent (発送済み: buyer state 20, shipped)");
const ZPage = z.coerce.number().int().min(1).max(100_000).optional().describe("Page number, from 1");
const ZDate = z.iso.datetime();

const ZDelivery = z.object({
  id: z.int().describe("Delivery ID"),
  state: z.enum(["10", "20"]).describe("Buyer state: 10 start, 20 shipped"),
  status: ZStatus,
  productCount: z.int(),
  scheduledShipDate: z.iso.date().describe("Scheduled shipping date (Asia/Tokyo)"),
  paymentAmount: z.int().describe("Yen the company pays: the amounts bought plus the fee"),
  invoiceNumber: z.string().nullable().describe("The courier's invoice number (送り状番号), once shipped"),
  trackingUrl: z.string().nullable(),
  shippedAt: ZDate.nullable(),
});
const ZProduct = z.object({
  id: z.int().describe("Product ID (the buyback item's id)"),
  categoryCode: z.enum(codesOf(CATEGORIES)),
  modelName: z.string(),
  storageGb: z.int().nullable(),
  grade: z.enum(BUYBACK_GRADES).nullable(),
  status: ZStatus.describe("The status of the delivery the device is in"),
  purchasedAt: ZDate.nullable().describe("When the buyback was established (the member accepted)"),
  amount: z.int().describe("Yen paid to the member"),
  fee: z.int().describe("Our fee on top"),
  paymentAmount: z.int().describe("Yen the company pays for it: amount + fee"),
  deliveryId: z.int().nullable(),
});
const ZList = <T extends z.ZodType>(rows: T) =>
  z.object({ rows: z.array(rows), total: z.int(), page: z.int(), pages: z.int() });
const ZDeliveryDetail = ZDelivery.extend({
  products: z.array(ZProduct.extend({ imei: z.string().nullable() })),
  totals: z.object({ count: z.int(), amount: z.int(), fee: z.int(), payment: z.int() }),
});
const ZProductDetail = ZProduct.extend({
  brandCode: z.string(),
  ngConditions: z.array(z.string()).describe("Every failed check (NG condition codes)"),
  externalGrade: z.object({ scale: z.string(), value: z.string() }).nullable(),
  gradedAt: ZDate.nullable(),
  diagnostics: z
    .array(
      z.object({
        key: z.enum(DIAGNOSTIC_KEYS as [string, ...string[]]),
        value: z.string().nullable(),
        notApplicable: z.string().nullable().describe("Not applicable, with the grader's reason"),
      }),
    )
    .describe("The device diagnostic information, every field in the spec's order"),
  photos: z.array(z.object({ id: z.int(), position: z.int(), url: z.string() })),
});

function deliveryAnswer(d: DeliverySummary) {
  return {
    id: d.id,
    state: d.state,
    status: d.status,
    productCount: d.productCount,
    scheduledShipDate: d.scheduledShipDate,
    paymentAmount: d.paymentAmount,
    invoiceNumber: d.invoiceNumber,
    trackingUrl: d.trackingUrl,
    shippedAt: d.shippedAt,
  };
}

function productAnswer(p: BoughtDevice) {
  return {
    id: p.id,
    categoryCode: p.categoryCode,
    modelName: p.modelName,
    storageGb: p.storageGb,
    grade: p.grade,
    status: p.status,
    purchasedAt: p.purchasedAt,
    amount: p.amount,
    fee: p.fee,
    paymentAmount: p.payment,
    deliveryId: p.deliveryId,
  };
}

const WHO = {
  401: { description: "Not logged in" },
  403: { description: "Not a buyer company's account" },
};

/** The buyer portal's deliveries and products: a buyer company's accounts read only their own. */
export const buybackDeliveryRoutes = [
  defineRoute({
    method: "get",
    path: "/buyback/deliveries",
    summary:
      "The buyer company's deliveries, newest first, 20 to a page, optionally only undispatched or sent",
    tag: "buyback-buyer",
    auth: "user",
    query: z.object({ status: ZStatus.optional(), page: ZPage }),
    labels: LABELS,
    responses: { 200: { description: "A page of deliveries", schema: ZList(ZDelivery) }, ...WHO },
    async handler({ ctx, actor, query }) {
      const buyer = await authorizeBuyer(ctx, actor);
      const list = await listBuyerDeliveries(ctx, { buyer, query });
      return {
        status: 200,
        body: { rows: list.rows.map(deliveryAnswer), total: list.total, page: list.page, pages: list.pages },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/deliveries/{id}",
    summary:
      "One of the company's deliveries with its products (category, product type, product ID, grade) and totals",
    tag: "buyback-buyer",
    auth: "user",
    responses: {
      200: { description: "The delivery", schema: ZDeliveryDetail },
      ...WHO,
      404: { description: "No such delivery of this company's" },
    },
    async handler({ ctx, actor, params }) {
      const buyer = await authorizeBuyer(ctx, actor);
      const d = await getBuyerDelivery(ctx, { buyer, deliveryId: idParam(params.id) });
      return {
        status: 200,
        body: {
          ...deliveryAnswer(d),
          products: d.devices.map((p) => ({ ...productAnswer(p), imei: p.imei })),
          totals: d.totals,
        },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/products",
    summary:
      "The devices the company bought, most recently bought first, 30 to a page; filtered by status, grade and category",
    tag: "buyback-buyer",
    auth: "user",
    query: z.object({
      status: ZStatus.optional(),
      grade: z.enum(BUYBACK_GRADES).optional(),
      category: z
        .enum(codesOf(CATEGORIES))
        .optional()
        .describe("Category code (05 smartphone, 06 PC/tablet …)"),
      page: ZPage,
    }),
    labels: LABELS,
    responses: { 200: { description: "A page of products", schema: ZList(ZProduct) }, ...WHO },
    async handler({ ctx, actor, query }) {
      const buyer = await authorizeBuyer(ctx, actor);
      const list = await listBuyerProducts(ctx, { buyer, query });
      return {
        status: 200,
        body: { rows: list.rows.map(productAnswer), total: list.total, page: list.page, pages: list.pages },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/products/{id}",
    summary:
      "One device the company bought: basic information, the device diagnostic information (every field, not applicable with its reason), failed checks and grading photos",
    tag: "buyback-buyer",
    auth: "user",
    responses: {
      200: { description: "The product", schema: ZProductDetail },
      ...WHO,
      404: { description: "No such product of this company's" },
    },
    async handler({ ctx, actor, params, locale }) {
      const buyer = await authorizeBuyer(ctx, actor);
      const p = await getBuyerProduct(ctx, { buyer, productId: idParam(params.id) });
      return {
        status: 200,
        body: {
          ...productAnswer(p),
          brandCode: p.brandCode,
          ngConditions: p.ngConditions,
          externalGrade: p.externalGrade,
          gradedAt: p.gradedAt,
          diagnostics: p.diagnostics.map((d) => ({
            key: d.key,
            value: d.value,
            notApplicable: d.notApplicable,
          })),
          photos: p.photos.map((photo) => ({
            id: photo.id,
            position: photo.position,
            url: `/${locale}/buyback/products/${p.id}/photos/${photo.id}-large/`,
          })),
        },
        headers: NO_STORE,
      };
    },
  }),
];
