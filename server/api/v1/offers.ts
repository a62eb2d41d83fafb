import { z } from "zod";
import { type AnsweredOffer, answerOffer } from "#core/offers/answer-offer.ts";
import { listOffers, type OfferView } from "#core/offers/list-offers.ts";
import { makeOffer } from "#core/offers/make-offer.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { OFFER_STATE_CODES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const ZAmount = z
  .object({
    amount: z
      .union([z.number(), z.string().max(20)])
      .describe("Yen, a whole number; a string may carry full-width digits, commas or ¥"),
  })
  .strict();
const LABELS = { amount: msg("offers.fields.amount"), side: msg("offers.fields.side") };
const ZState = z.enum(OFFER_STATE_CODES);
const ZMadeOffer = z.object({
  id: z.number().int(),
  state: ZState,
  price: z.number().int(),
  expiresAt: z.iso.datetime().describe("The seller must answer by then"),
});
const ZAnswered = z.object({
  id: z.number().int(),
  state: ZState,
  price: z.number().int().describe("The buyer's offer"),
  agreedPrice: z.number().int().nullable().describe("Once accepted: what the purchase charges"),
});
const ZOffer = z.object({
  id: z.number().int(),
  state: ZState,
  item: z.object({
    id: z.number().int(),
    title: z.string(),
    price: z.number().int().nullable(),
    state: z.string(),
    thumbUrl: z.string().nullable(),
  }),
  counterpart: z.string().describe("The other party's nickname"),
  listPrice: z.number().int(),
  price: z.number().int(),
  counterPrice: z.number().int().nullable(),
  agreedPrice: z.number().int().nullable(),
  expiresAt: z.iso.datetime(),
  reservedUntil: z.iso.datetime().nullable(),
  actions: z.array(z.string()).describe("The answers the caller may give now"),
  canBuy: z.boolean().describe("Agreed and still reserved for the caller: POST /items/{id}/purchase"),
  counterRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  createdAt: z.iso.datetime(),
});
const ZListQuery = z.object({
  side: z.enum(["received", "sent"]).default("received"),
  cursor: z.string().max(64).optional(),
});

function offerJson(o: OfferView) {
  return {
    ...o,
    expiresAt: o.expiresAt.toISOString(),
    reservedUntil: o.reservedUntil?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}

const noStore = { "Cache-Control": "no-store" };
const noOffer = { 404: { description: "No such offer, or not one of yours" } };
const answered = (a: AnsweredOffer) => ({ status: 200, body: a, headers: noStore });

export const offerRoutes = [
  defineRoute({
    method: "post",
    path: "/items/{id}/offers",
    summary:
      "Offer a price on a listing on sale: at least the listing minimum and 90% of its price (rounded up), below the price. One waiting offer per listing at a time; the seller has 24 hours to answer",
    tag: "offers",
    auth: "user",
    body: ZAmount,
    labels: LABELS,
    responses: {
      201: { description: "Offered; the seller is told", schema: ZMadeOffer },
      403: { description: "Your own listing, a seller who blocked you, or not a member" },
      404: { description: "No such listing" },
      409: { description: "Not on sale, reserved for another buyer, or your offer there still waits" },
      422: { description: "The amount is missing, not whole yen, too low or not below the price" },
    },
    async handler({ ctx, actor, params, body }) {
      const made = await makeOffer(ctx, { actor: actor!, itemId: idParam(params.id), input: body });
      return { status: 201, body: { ...made, expiresAt: made.expiresAt.toISOString() }, headers: noStore };
    },
  }),
  defineRoute({
    method: "get",
    path: "/offers",
    summary: "The caller's offers, received as a seller or sent as a buyer, newest first",
    tag: "offers",
    auth: "user",
    query: ZListQuery,
    labels: LABELS,
    responses: {
      200: {
        description: "A page of offers",
        schema: z.object({ items: z.array(ZOffer), nextCursor: z.string().nullable() }),
      },
    },
    async handler({ ctx, actor, query }) {
      const page = await listOffers(ctx, {
        actor: actor!,
        side: query.side,
        before: parseIdCursor(query.cursor),
      });
      return {
        status: 200,
        body: { items: page.items.map(offerJson), nextCursor: page.nextCursor },
        headers: noStore,
      };
    },
  }),
  ...(["accept", "decline"] as const).map((answer) =>
    defineRoute({
      method: "post",
      path: `/offers/{id}/${answer}`,
      summary:
        answer === "accept"
          ? "Accept: the seller an offer, the buyer a counter price. The listing is then reserved for the buyer at that price for 24 hours"
          : "Decline: the seller an offer, the buyer a counter price",
      tag: "offers",
      auth: "user",
      responses: {
        200: { description: "Answered", schema: ZAnswered },
        403: { description: "It is the other party's turn" },
        ...noOffer,
        409: { description: "Already answered, past its 24 hours, or the listing is no longer on sale" },
      },
      async handler({ ctx, actor, params }) {
        return answered(await answerOffer(ctx, { actor: actor!, offerId: idParam(params.id), answer }));
      },
    }),
  ),
  defineRoute({
    method: "post",
    path: "/offers/{id}/counter",
    summary:
      "The seller proposes another price: above the offer, below the current price. The buyer has 24 hours",
    tag: "offers",
    auth: "user",
    body: ZAmount,
    labels: LABELS,
    responses: {
      200: { description: "Countered; the buyer is told", schema: ZAnswered },
      403: { description: "Only the seller counters" },
      ...noOffer,
      409: { description: "Already answered, past its 24 hours, or the listing is no longer on sale" },
      422: { description: "The amount is missing, not above the offer or not below the price" },
    },
    async handler({ ctx, actor, params, body }) {
      return answered(
        await answerOffer(ctx, {
          actor: actor!,
          offerId: idParam(params.id),
          answer: "counter",
          input: body,
        }),
      );
    },
  }),
];
