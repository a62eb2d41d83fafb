import { z } from "zod";
import { changeItemState, type SellerItemAction } from "#core/catalog/change-item-state.ts";
import { BRANDS, CATEGORIES, ITEM_CONDITIONS } from "#core/catalog/codes.ts";
import { copyItem } from "#core/catalog/copy-item.ts";
import { deleteItem } from "#core/catalog/delete-item.ts";
import { deleteSavedSearch } from "#core/catalog/delete-saved-search.ts";
import { getItem } from "#core/catalog/get-item.ts";
import { ITEM_LABELS, ZItemDraft } from "#core/catalog/item-fields.ts";
import { NEW_LISTINGS_LIMIT, savedSearchesWithNews } from "#core/catalog/list-saved-searches.ts";
import { MARKET_RULES, marketPrice, modelMarketPrices } from "#core/catalog/market-prices.ts";
import { getModel, listModels } from "#core/catalog/models.ts";
import { saveItem } from "#core/catalog/save-item.ts";
import { saveSearch } from "#core/catalog/save-search.ts";
import { setSavedSearchAlert } from "#core/catalog/saved-search-alerts.ts";
import { countMatches, SEARCH_COUNT_LIMIT, searchItems } from "#core/catalog/search-items.ts";
import { settleSort, ZSearchQuery } from "#core/catalog/search-query.ts";
import { suggestModels } from "#core/catalog/search-suggestions.ts";
import { codesOf } from "#core/shared/codes.ts";
import { AppError } from "#core/shared/errors.ts";
import { type Message, msg, renderMessage } from "#core/shared/i18n/translate.ts";
import { listUserItems } from "#core/social/profiles.ts";
import { ITEM_STATE_CODES, SAVED_SEARCH_ALERTS } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

/** A label written out in both languages. */
const ZLabel = z.strictObject({ ja: z.string(), en: z.string() });
const labelOf = (message: Message) => ({
  ja: renderMessage(message, "ja"),
  en: renderMessage(message, "en"),
});
const ZCard = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int().nullable(),
  state: z.enum(ITEM_STATE_CODES),
  condition: z.string().nullable(),
  brandCode: z.string().nullable(),
  likeCount: z.number().int(),
  defectCount: z.number().int(),
  checked: z.boolean().describe("It holds a device self-check report in date (動作チェック済み)"),
  thumbUrl: z.string().nullable(),
});
const ZCardPage = z.object({
  items: z.array(ZCard),
  nextCursor: z.string().nullable(),
  count: z
    .number()
    .int()
    .optional()
    .describe(`With a keyword: how many listings match, exact up to ${SEARCH_COUNT_LIMIT}`),
  countCapped: z.boolean().optional().describe(`More than ${SEARCH_COUNT_LIMIT} listings match`),
  correctedKeyword: z
    .string()
    .optional()
    .describe(
      "Nothing matched the keyword as typed: these are the results for it with a mistyped model name put right",
    ),
});
/** What `checked` may be: 1 or true for self-checked listings only, 0 or false (or nothing) for all. */
const CHECKED_VALUES = ["1", "true", "0", "false"];

/**
 * The search's query as the API reads it: the page's (an unknown filter value is dropped), except
 * that a `checked` it cannot read is refused rather than searched without, since a client asking for
 * self-checked listings only must never be answered with every listing.
 */
const ZApiSearchQuery = ZSearchQuery.extend({
  checked: z
    .unknown()
    .optional()
    .refine((v) => v === undefined || v === "" || CHECKED_VALUES.includes(v as string), {
      params: { message: msg("catalog.selfCheckedInvalid") },
    })
    .transform((v) => v === "1" || v === "true")
    .meta({
      type: "string",
      enum: CHECKED_VALUES,
      description:
        "1 (or true): only listings holding a device self-check report in date (動作チェック済み, valid 30 days); 0, false or absent: all",
    }),
});

const ZMarketPrice = z.object({
  modelId: z.number().int(),
  condition: z.string(),
  count: z.number().int().describe("Sales in the window"),
  enough: z.boolean().describe(`At least ${MARKET_RULES.minSales} sales: the figures are given`),
  median: z.number().int().nullable(),
  q1: z.number().int().nullable().describe("First quartile (linear interpolation)"),
  q3: z.number().int().nullable().describe("Third quartile"),
  trend: z
    .object({ direction: z.enum(["up", "down", "flat"]), changePercent: z.number().int() })
    .nullable()
    .describe(`The median of the last ${MARKET_RULES.recentDays} days against the days before`),
  windowDays: z.number().int(),
});
const ZItem = z.object({
  id: z.number().int(),
  state: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int().nullable(),
  categoryCode: z.string().nullable(),
  brandCode: z.string().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  condition: z.string().nullable(),
  postage: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  leadTime: z.string().nullable(),
  storageGb: z.number().int().nullable(),
  color: z.string().nullable(),
  carrier: z.string().nullable(),
  imei: z.string().nullable().describe("Masked (serial part hidden) for everyone but the seller"),
  networkRestriction: z.string().nullable(),
  activationLock: z.string().nullable(),
  batteryHealth: z.number().int().nullable(),
  defects: z.array(z.string()),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  photos: z.array(
    z.object({
      id: z.number().int(),
      width: z.number(),
      height: z.number(),
      thumbUrl: z.string(),
      largeUrl: z.string(),
    }),
  ),
  seller: z.object({
    id: z.number().int(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    identityVerified: z.boolean(),
    listingCount: z.number().int(),
  }),
  commentable: z.boolean().describe("Whether the listing takes new comments"),
  viewer: z.object({
    isSeller: z.boolean(),
    liked: z.boolean(),
    blockedBySeller: z.boolean(),
    inTrade: z.boolean().describe("The viewer is the buyer or the seller of a transaction on it"),
    canEdit: z.boolean().describe("For the seller: it can still be edited or deleted"),
    actions: z.array(z.string()).describe("For the seller: the state changes open now"),
  }),
  heldFrom: z.string().nullable().describe("The state a hold returns to"),
  publishRequestedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  soldAt: z.iso.datetime().nullable(),
});
const ZSaveItem = ZItemDraft.extend({
  publish: z.boolean().optional().describe("List it now (needs every listing field and a photo)"),
  confirmContradictions: z
    .boolean()
    .optional()
    .describe(
      "List it although its facts contradict each other (no defects, yet network restriction × or activation lock on); without it such a listing is refused with a field error",
    ),
});
const ZSaved = z.object({
  id: z.number().int(),
  query: z.string(),
  alert: z.enum(SAVED_SEARCH_ALERTS).describe("app (in the app), mail (in the app and by mail) or off"),
  createdAt: z.iso.datetime(),
});

const ZSavedWithNews = ZSaved.extend({
  seenAt: z.iso.datetime().nullable(),
  newCount: z
    .number()
    .int()
    .describe(`Listings on sale published since last seen, up to ${NEW_LISTINGS_LIMIT}`),
  newCapped: z.boolean(),
});

const savedJson = (r: {
  id: number;
  query: string;
  alert: (typeof SAVED_SEARCH_ALERTS)[number];
  createdAt: Date;
}) => ({
  id: r.id,
  query: r.query,
  alert: r.alert,
  createdAt: r.createdAt.toISOString(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function itemJson(args: {
  ctx: Parameters<typeof getItem>[0];
  itemId: number;
  viewerId: number | null;
}) {
  const item = await getItem(args.ctx, { itemId: args.itemId, viewerId: args.viewerId });
  const { sellerId: _s, updatedAt: _u, soldAt, ...rest } = item;
  return {
    ...rest,
    createdAt: item.createdAt.toISOString(),
    publishedAt: iso(item.publishedAt),
    soldAt: iso(soldAt),
  };
}

const stateRoute = (path: string, action: SellerItemAction, summary: string) =>
  defineRoute({
    method: "post",
    path,
    summary,
    tag: "items",
    auth: "user",
    responses: {
      200: { description: "New state", schema: z.object({ state: z.string() }) },
      409: { description: "Not allowed from the current state" },
    },
    async handler({ ctx, actor, params }) {
      const r = await changeItemState(ctx, { actor: actor!, itemId: idParam(params.id), action });
      return { status: 200, body: { state: r.state } };
    },
  });

export const itemRoutes = [
  defineRoute({
    method: "get",
    path: "/items",
    summary:
      "Search listings: keyword (Japanese or English, any width or kana), filters on every device fact, sort, cursor paging",
    tag: "items",
    auth: "optional",
    query: ZApiSearchQuery,
    responses: {
      200: { description: "One page of listings", schema: ZCardPage },
      422: { description: "A checked other than 1, true, 0 or false" },
    },
    async handler({ ctx, query, reads }) {
      const settled = settleSort(query);
      return {
        status: 200,
        body: await reads.read(`api search ${JSON.stringify(settled)}`, () =>
          searchItems(ctx, { query: settled, count: true }),
        ),
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/items/count",
    summary: `How many listings a search finds (the query of GET /items), exact up to ${SEARCH_COUNT_LIMIT}: for a filter panel's "show N results"`,
    tag: "items",
    auth: "optional",
    query: ZApiSearchQuery,
    responses: {
      200: {
        description: "The count",
        schema: z.object({ count: z.number().int(), countCapped: z.boolean() }),
      },
      422: { description: "A checked other than 1, true, 0 or false" },
    },
    async handler({ ctx, query }) {
      return { status: 200, body: await countMatches(ctx, settleSort(query)) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/items/{id}",
    summary: "A listing (drafts and private listings only for their seller)",
    tag: "items",
    auth: "optional",
    responses: {
      200: { description: "The listing", schema: ZItem },
      404: { description: "No such listing" },
    },
    async handler({ ctx, actor, params }) {
      return {
        status: 200,
        body: await itemJson({ ctx, itemId: idParam(params.id), viewerId: actor?.id ?? null }),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/items",
    summary: "Create a listing (a draft unless publish is true; add photos with POST /items/{id}/photos)",
    tag: "items",
    auth: "user",
    body: ZSaveItem,
    labels: ITEM_LABELS,
    responses: { 201: { description: "Created", schema: ZItem } },
    async handler({ ctx, actor, body }) {
      const { publish, confirmContradictions, ...input } = body;
      const { id } = await saveItem(ctx, {
        actor: actor!,
        input,
        publish: publish ?? false,
        confirmContradictions,
      });
      return { status: 201, body: await itemJson({ ctx, itemId: id, viewerId: actor!.id }) };
    },
  }),
  defineRoute({
    method: "patch",
    path: "/items/{id}",
    summary: "Edit a listing (all fields are sent; a listed item is checked as a complete listing)",
    tag: "items",
    auth: "user",
    body: ZSaveItem,
    labels: ITEM_LABELS,
    responses: {
      200: { description: "Saved", schema: ZItem },
      403: { description: "Someone else's listing" },
    },
    async handler({ ctx, actor, body, params }) {
      const { publish, confirmContradictions, ...input } = body;
      const itemId = idParam(params.id);
      await saveItem(ctx, { actor: actor!, itemId, input, publish: publish ?? false, confirmContradictions });
      return { status: 200, body: await itemJson({ ctx, itemId, viewerId: actor!.id }) };
    },
  }),
  stateRoute("/items/{id}/publish", "publish", "Put a draft, private or stopped listing on sale"),
  stateRoute("/items/{id}/private", "make_private", "Hide a listing from everyone but its seller"),
  stateRoute("/items/{id}/stop", "stop_selling", "Stop selling (the page stays, it cannot be bought)"),
  stateRoute(
    "/items/{id}/negotiation",
    "start_negotiation",
    "Mark a listing as under negotiation (ASK): it stays up and takes comments, but cannot be bought",
  ),
  stateRoute("/items/{id}/resume", "end_negotiation", "Put a listing under negotiation back on sale"),
  defineRoute({
    method: "post",
    path: "/items/{id}/copy",
    summary:
      "List again with the same details (同じ内容で出品): a new draft of the caller's own sold or stopped listing, with copies of its photos and no IMEI",
    tag: "items",
    auth: "user",
    responses: {
      201: { description: "The new draft", schema: ZItem },
      403: { description: "Someone else's listing" },
      404: { description: "No such listing" },
      409: { description: "Neither sold nor stopped" },
    },
    async handler({ ctx, actor, params }) {
      const { id } = await copyItem(ctx, { actor: actor!, itemId: idParam(params.id) });
      return { status: 201, body: await itemJson({ ctx, itemId: id, viewerId: actor!.id }) };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/items/{id}",
    summary: "Delete an unsold listing and its photos",
    tag: "items",
    auth: "user",
    responses: {
      204: { description: "Deleted" },
      403: { description: "Someone else's listing" },
      409: { description: "Sold" },
    },
    async handler({ ctx, actor, params }) {
      await deleteItem(ctx, { actor: actor!, itemId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/items",
    summary: "The caller's own listings in the given states (drafts and private ones included)",
    tag: "items",
    auth: "user",
    query: z.object({
      state: z
        .preprocess(
          (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
          z.array(z.enum(ITEM_STATE_CODES)),
        )
        .optional(),
      before: z.coerce.number().int().positive().optional(),
    }),
    responses: { 200: { description: "One page", schema: ZCardPage } },
    async handler({ ctx, actor, query }) {
      const states = query.state?.length ? query.state : ITEM_STATE_CODES;
      return {
        status: 200,
        body: await listUserItems(ctx, { userId: actor!.id, states, before: query.before }),
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/catalog/codes",
    summary: "Brands and categories with their labels in both languages",
    tag: "catalog",
    auth: "none",
    responses: {
      200: {
        description: "Code tables; each label in Japanese and English",
        schema: z.strictObject({
          brands: z.array(z.strictObject({ code: z.string(), name: z.string(), label: ZLabel })),
          categories: z.array(z.strictObject({ code: z.string(), label: ZLabel })),
        }),
      },
    },
    async handler() {
      return {
        status: 200,
        body: {
          brands: BRANDS.map(({ code, name, label }) => ({ code, name, label: labelOf(label) })),
          categories: CATEGORIES.map(({ code, label }) => ({ code, label: labelOf(label) })),
        },
        headers: { "Cache-Control": "public, max-age=3600" },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/models",
    summary: "The device model catalogue, optionally for one brand or category",
    tag: "catalog",
    auth: "none",
    query: z.object({ brand: z.string().max(5).optional(), category: z.string().max(2).optional() }),
    responses: {
      200: {
        description: "Models",
        schema: z.object({
          models: z.array(
            z.object({
              id: z.number().int(),
              brandCode: z.string(),
              categoryCode: z.string(),
              name: z.string(),
              releasedYear: z.number().int().nullable(),
              storageOptions: z.array(z.number().int()),
              dealerActException: z
                .string()
                .nullable()
                .describe("The dealer act exception of the model (e.g. game_software), or null"),
            }),
          ),
        }),
      },
    },
    async handler({ ctx, query }) {
      return {
        status: 200,
        body: { models: await listModels(ctx, { brandCode: query.brand, categoryCode: query.category }) },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/search/suggestions",
    summary:
      "Models to search by for what is typed so far in a search box (the last word may be unfinished), each with the typed words it leaves as the keyword",
    tag: "items",
    auth: "none",
    query: z.object({ q: z.string().max(100).default("").describe("What is typed so far") }),
    responses: {
      200: {
        description: "Suggested models, best first",
        schema: z.object({
          models: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              brandCode: z.string(),
              rest: z
                .string()
                .describe("The typed words the model does not use: the keyword to search with it"),
            }),
          ),
        }),
      },
    },
    async handler({ ctx, query }) {
      return {
        status: 200,
        body: { models: await suggestModels(ctx, query.q) },
        headers: { "Cache-Control": "public, max-age=300" },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/models/{id}/market-prices",
    summary: `Market prices of a model: what listings sold for over the last ${MARKET_RULES.windowDays} days, by condition (median, quartiles, count, trend); no figures below ${MARKET_RULES.minSales} sales`,
    tag: "catalog",
    auth: "none",
    query: z.object({
      condition: z
        .enum(codesOf(ITEM_CONDITIONS))
        .optional()
        .describe("One condition (its figures even with no sales); without: every condition that sold"),
    }),
    responses: {
      200: { description: "Market prices", schema: z.object({ marketPrices: z.array(ZMarketPrice) }) },
      404: { description: "No such model" },
    },
    async handler({ ctx, params, query }) {
      const modelId = idParam(params.id);
      if (!(await getModel(ctx, modelId))) throw new AppError("NOT_FOUND");
      const marketPrices = query.condition
        ? [await marketPrice(ctx, { modelId, condition: query.condition })]
        : await modelMarketPrices(ctx, { modelId });
      return { status: 200, body: { marketPrices }, headers: { "Cache-Control": "public, max-age=300" } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/saved-searches",
    summary:
      "The caller's saved searches (each a search query string) with their alert and the listings new since last seen",
    tag: "items",
    auth: "user",
    responses: {
      200: { description: "Saved searches", schema: z.object({ savedSearches: z.array(ZSavedWithNews) }) },
    },
    async handler({ ctx, actor }) {
      const rows = await savedSearchesWithNews(ctx, actor!.id);
      return {
        status: 200,
        body: {
          savedSearches: rows.map((r) => ({
            ...savedJson(r),
            seenAt: iso(r.seenAt),
            newCount: r.newCount,
            newCapped: r.newCapped,
          })),
        },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/saved-searches",
    summary: "Save a search (the query string of GET /items); new matching listings are notified",
    tag: "items",
    auth: "user",
    body: z.object({ query: z.string().max(2000) }),
    responses: { 201: { description: "Saved", schema: ZSaved } },
    async handler({ ctx, actor, body }) {
      const r = await saveSearch(ctx, { actor: actor!, params: new URLSearchParams(body.query) });
      return { status: 201, body: savedJson(r) };
    },
  }),
  defineRoute({
    method: "patch",
    path: "/me/saved-searches/{id}",
    summary: "Set how a saved search tells of new listings: app, mail or off",
    tag: "items",
    auth: "user",
    body: z.object({ alert: z.string().max(10) }),
    responses: { 204: { description: "Changed" } },
    async handler({ ctx, actor, params, body }) {
      await setSavedSearchAlert(ctx, { actor: actor!, id: idParam(params.id), alert: body.alert });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/saved-searches/{id}",
    summary: "Delete a saved search",
    tag: "items",
    auth: "user",
    responses: { 204: { description: "Deleted" } },
    async handler({ ctx, actor, params }) {
      await deleteSavedSearch(ctx, { actor: actor!, id: idParam(params.id) });
      return { status: 204 };
    },
  }),
];
