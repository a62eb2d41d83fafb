import { z } from "zod";
import { BID_FIELD_LABELS, BID_LIMITS, ZBidSelection, ZSaveBids } from "#core/buyback/bid-input.ts";
import { type BidRowView, listBids } from "#core/buyback/list-bids.ts";
import { RECOMMEND_KINDS, recommendedPrices } from "#core/buyback/recommended-prices.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { setBids } from "#core/buyback/set-bids.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { codesOf } from "#core/shared/codes.ts";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const FORBIDDEN = { 403: { description: "Not a buyer company's account" } };

const ZModel = z.object({ id: z.int(), name: z.string(), brandCode: z.string() });
const ZCellAnswer = z.object({
  grade: z.enum(BUYBACK_GRADES),
  bidId: z.int().nullable().describe("Your bid in this cell, or null when there is none"),
  price: z.int().nullable(),
  enabled: z.boolean().describe("Checked: only a checked cell with a price is an active bid"),
  reserved: z.int().describe("Devices offered or bought on this bid (they count against the cap)"),
  status: z
    .enum(["live", "off", "expired", "full"])
    .nullable()
    .describe("live: counts now; off: unchecked or no price; expired; full: the cap is reached"),
});
const ZRowAnswer = z.object({
  modelId: z.int(),
  modelName: z.string(),
  brandCode: z.string(),
  quantityCap: z.int().nullable().describe("Per grade; null: no cap"),
  expiresOn: z.iso.date().nullable().describe("The last day (Asia/Tokyo) the row's bids stand; null: none"),
  cells: z.array(ZCellAnswer),
});
const ZBidList = z.object({
  category: z.string(),
  ngCondition: z.enum(BUYBACK_NG_CONDITIONS),
  modelId: z.int().nullable(),
  categories: z.array(z.object({ code: z.string(), modelCount: z.int() })),
  models: z.array(ZModel).describe("The category's models"),
  rows: z
    .array(ZRowAnswer)
    .describe("The models you have priced for this NG condition (or the one asked for)"),
  others: z.array(ZModel).describe("The category's models you have not priced yet"),
});

function rowAnswer(r: BidRowView) {
  return {
    modelId: r.id,
    modelName: r.name,
    brandCode: r.brandCode,
    quantityCap: r.quantityCap,
    expiresOn: r.expiresOn,
    cells: BUYBACK_GRADES.map((grade) => ({ grade, ...r.cells[grade] })),
  };
}

/** The buyer portal's bid price list: read the company's own bids, save them, recommended prices. */
export const buybackBidRoutes = [
  defineRoute({
    method: "get",
    path: "/buyback/bids",
    summary:
      "Your company's bid price list for a category (default 05) and NG condition (default none): the models you priced, each with its five grades, and the category's other models. One model alone with `model`",
    tag: "buyback",
    auth: "user",
    query: ZBidSelection,
    labels: BID_FIELD_LABELS,
    responses: {
      200: { description: "The list", schema: ZBidList },
      ...FORBIDDEN,
      404: { description: "No such model in the category" },
      422: { description: "An unknown category or NG condition" },
    },
    async handler({ ctx, actor, query }) {
      const list = await listBids(ctx, { userId: actor!.id, input: query });
      return {
        status: 200,
        headers: NO_STORE,
        body: {
          category: list.categoryCode,
          ngCondition: list.ngCondition,
          modelId: list.modelId,
          categories: list.categories,
          models: list.models,
          rows: list.rows.map(rowAnswer),
          others: list.others,
        },
      };
    },
  }),
  defineRoute({
    method: "put",
    path: "/buyback/bids",
    summary: `Save (confirm) rows of your bid price list in one go: per model × NG condition, the grade cells (price in whole yen 1–${BID_LIMITS.priceMax}, enabled), the row's quantity cap (per grade) and expiry (${BID_LIMITS.expiryMinDays}–${BID_LIMITS.expiryMaxDays} days ahead, a Tokyo date). A checked cell needs a price. Any error: nothing is saved. Grades left out of a row are not changed`,
    tag: "buyback",
    auth: "user",
    body: ZSaveBids,
    labels: BID_FIELD_LABELS,
    responses: {
      200: {
        description: "Saved: how many bids were created, changed and left as they were",
        schema: z.object({ created: z.int(), updated: z.int(), unchanged: z.int() }),
      },
      ...FORBIDDEN,
      404: { description: "A bid_id that is not one of your company's bids in that cell" },
      409: { description: "Someone else saved the same cell at the same moment; nothing was saved" },
      422: {
        description:
          "Field errors by row and cell (`rows.0.cells.1.enabled`: a checked cell without a price; negative or decimal prices; an unknown model…); nothing was saved",
      },
    },
    async handler({ ctx, actor, body, requestId, ip }) {
      const saved = await setBids(ctx, { userId: actor!.id, input: body, meta: { requestId, ip } });
      return { status: 200, headers: NO_STORE, body: saved };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/bids/recommended",
    summary: `Recommended bid prices for every model × grade of a category and NG condition, from prices accepted in the last ${BUYBACK_RULES.recommendWindowDays} days and every company's live bids (never named). bullish (high purchase demand): the higher of the accepted prices' 75th percentile and the best bid; bearish (moderate demand): the lower of their median and the second-best bid. Under ${BUYBACK_RULES.recommendMinSample} points: price null (not enough data)`,
    tag: "buyback",
    auth: "user",
    query: z.object({
      category: z.enum(codesOf(CATEGORIES)),
      ng: z.enum(BUYBACK_NG_CONDITIONS),
      kind: z.enum(RECOMMEND_KINDS),
    }),
    labels: BID_FIELD_LABELS,
    responses: {
      200: {
        description: "One entry per model × grade",
        schema: z.object({
          kind: z.enum(RECOMMEND_KINDS),
          category: z.string(),
          ngCondition: z.enum(BUYBACK_NG_CONDITIONS),
          windowDays: z.int(),
          minSample: z.int(),
          since: z.iso.datetime(),
          cells: z.array(
            z.object({
              modelId: z.int(),
              grade: z.enum(BUYBACK_GRADES),
              price: z.int().nullable().describe("null: not enough data"),
              basis: z
                .enum(["accepted_p75", "best_bid", "accepted_median", "second_bid"])
                .nullable()
                .describe("Which statistic the price is"),
              accepted: z.int().describe("Accepted prices in the window"),
              bids: z.int().describe("Live bids of all companies"),
            }),
          ),
        }),
      },
      ...FORBIDDEN,
      422: { description: "A missing or unknown category, NG condition or kind" },
    },
    async handler({ ctx, actor, query }) {
      const r = await recommendedPrices(ctx, { userId: actor!.id, input: query });
      const { categoryCode, ...rest } = r;
      return { status: 200, headers: NO_STORE, body: { ...rest, category: categoryCode } };
    },
  }),
];
