import { z } from "zod";
import { listPublicResults } from "#core/buyback/list-public-results.ts";
import { getModelPrices, listPriceCategories, listPriceModels } from "#core/buyback/public-prices.ts";
import { listActiveSpots } from "#core/buyback/spots.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { codesOf, labelOf, PREFECTURES } from "#core/shared/codes.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseTimeCursor } from "#core/social/cursor.ts";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const LABELS = {
  category: msg("buybackPublic.fields.category"),
  limit: msg("buybackPublic.fields.limit"),
  before: msg("buybackPublic.fields.before"),
};
const ZDate = z.iso.datetime();
const ZCategoryCode = z
  .enum(codesOf(CATEGORIES))
  .describe(
    "Catalogue category: 05 smartphone, 06 PC/tablet, 07 camera, 08 game console, 11 parts, 99 other",
  );

const ZModel = z.object({
  id: z.int().describe("The device model id (the {itemId} of /{lang}/buyback/items/{categoryId}/{itemId}/)"),
  name: z.string(),
  brandCode: z.string(),
  brandName: z.string(),
  categoryCode: z.string(),
  releasedYear: z.int().nullable(),
});
const ZPricedModel = ZModel.extend({
  topPrice: z.int().describe("Yen: the highest live bid of any grade and NG condition"),
  updatedAt: ZDate.describe("When the newest of the model's prices changed"),
});
const ZPrice = z.object({
  grade: z
    .enum(BUYBACK_GRADES)
    .describe("RMJ grade: S unused, A excellent, B light wear, C visible wear, J junk"),
  ngCondition: z.enum(BUYBACK_NG_CONDITIONS).describe("The defect class the price is for (none: no defect)"),
  price: z.int().describe("Yen: the best live bid, before any deduction"),
  updatedAt: ZDate,
});
const ZResult = z.object({
  id: z.int().describe("The buyback number (/{lang}/buyback/results/{id}/)"),
  modelId: z.int(),
  modelName: z.string(),
  brandName: z.string(),
  categoryCode: z.string(),
  storageGb: z.int().nullable(),
  grade: z.enum(BUYBACK_GRADES),
  ngConditions: z.array(z.enum(BUYBACK_NG_CONDITIONS)),
  amount: z.int().describe("Yen paid to the seller"),
  bid: z.int().nullable().describe("The bid the offer came from"),
  deductions: z.array(z.object({ code: z.string(), amount: z.int() })),
  decidedAt: ZDate.describe("When the seller accepted"),
});
const ZSpot = z.object({
  id: z.int(),
  name: z.string(),
  postalCode: z.string().describe("Seven digits"),
  prefectureCode: z.string(),
  prefectureName: z.string().describe("In the request's language"),
  address: z.string().describe("After the prefecture, as written in Japan"),
  hours: z.string(),
  closedDays: z.string(),
  phone: z.string(),
  note: z.string(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public buyback reads: categories and models with prices, a model's prices, results, spots. */
export const buybackPublicRoutes = [
  defineRoute({
    method: "get",
    path: "/buyback/categories",
    summary: "Buyback categories, each with how many of its models have a price now",
    tag: "buyback",
    auth: "none",
    responses: {
      200: {
        description: "Every category in catalogue order",
        schema: z.object({
          categories: z.array(z.object({ code: z.string(), name: z.string(), pricedModels: z.int() })),
        }),
      },
    },
    async handler({ ctx, locale }) {
      const rows = await listPriceCategories(ctx);
      return {
        status: 200,
        body: {
          categories: rows.map((c) => ({
            code: c.categoryCode,
            name: labelOf(CATEGORIES, c.categoryCode, locale),
            pricedModels: c.pricedModels,
          })),
        },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/models",
    summary:
      "Models that have a buyback price now (a live bid), highest top price first; one category, or all",
    tag: "buyback",
    auth: "none",
    query: z.object({ category: ZCategoryCode.optional() }),
    labels: LABELS,
    responses: {
      200: { description: "Models with prices", schema: z.object({ models: z.array(ZPricedModel) }) },
      422: { description: "Not a category code" },
    },
    async handler({ ctx, query }) {
      const codes = query.category ? [query.category] : codesOf(CATEGORIES);
      const lists = await Promise.all(
        codes.map((c) => listPriceModels(ctx, { categoryCode: c, priced: true })),
      );
      const models = lists
        .flat()
        .sort((a, b) => (b.topPrice ?? 0) - (a.topPrice ?? 0))
        .map(({ pricedCells: _, ...m }) => ({ ...m, updatedAt: iso(m.updatedAt) }));
      return { status: 200, body: { models } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/models/{id}/prices",
    summary:
      "A model's buyback prices: the best live bid per grade × NG condition, each with when it changed. A cell that is not listed has no price",
    tag: "buyback",
    auth: "none",
    responses: {
      200: {
        description: "The model and its prices (empty when nobody bids on it)",
        schema: z.object({
          model: ZModel,
          topPrice: z.int().nullable(),
          updatedAt: ZDate.nullable(),
          prices: z.array(ZPrice),
        }),
      },
      404: { description: "No such model" },
    },
    async handler({ ctx, params }) {
      const view = await getModelPrices(ctx, { modelId: idParam(params.id) });
      return {
        status: 200,
        body: {
          model: view.model,
          topPrice: view.topPrice,
          updatedAt: iso(view.updatedAt),
          prices: view.prices.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })),
        },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/results",
    summary: "Completed buybacks, newest first: model, grade, price paid and date (nothing about the seller)",
    tag: "buyback",
    auth: "none",
    query: z.object({
      before: z.string().max(40).optional().describe("The next_cursor of the previous page"),
      limit: z.coerce.number().int().min(1).max(100).optional().describe("1–100, 20 unless given"),
    }),
    labels: LABELS,
    responses: {
      200: {
        description: "A page of results and the cursor of the next (null at the end)",
        schema: z.object({ items: z.array(ZResult), nextCursor: z.string().nullable() }),
      },
      400: { description: "A cursor this API did not give" },
      422: { description: "A limit outside 1–100" },
    },
    async handler({ ctx, query }) {
      const page = await listPublicResults(ctx, {
        before: parseTimeCursor(query.before),
        limit: query.limit ?? 20,
      });
      return {
        status: 200,
        body: {
          items: page.items.map((r) => ({ ...r, decidedAt: r.decidedAt.toISOString() })),
          nextCursor: page.nextCursor,
        },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/spots",
    summary: "Drop-off spots open now, by prefecture (north to south) and the operators' order",
    tag: "buyback",
    auth: "none",
    responses: { 200: { description: "Spots", schema: z.object({ spots: z.array(ZSpot) }) } },
    async handler({ ctx, locale }) {
      const spots = await listActiveSpots(ctx);
      return {
        status: 200,
        body: {
          spots: spots.map((s) => ({
            id: s.id,
            name: s.name,
            postalCode: s.postalCode,
            prefectureCode: s.prefectureCode,
            prefectureName: labelOf(
              PREFECTURES,
              s.prefectureCode as (typeof PREFECTURES)[number]["code"],
              locale,
            ),
            address: s.address,
            hours: s.hours,
            closedDays: s.closedDays,
            phone: s.phone,
            note: s.note,
          })),
        },
      };
    },
  }),
];
