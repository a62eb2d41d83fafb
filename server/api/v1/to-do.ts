import { z } from "zod";
import { type ToDoItem, toDoList } from "#core/home/to-do.ts";
import { PAYOUT_METHODS } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";

const ZDate = z.iso.datetime();
const common = {
  key: z.string().describe("Unique in the list"),
  since: ZDate.describe("Since when it has waited for the member (the list is oldest first)"),
  due: ZDate.nullable().describe("Until when it can be done, when there is a limit"),
  path: z.string().describe("The web page where it is done, under the language prefix (/ja or /en)"),
};

/** One thing waiting for the member, by kind (`kind` tells which fields follow). */
const ZToDoItem = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("trade"),
    ...common,
    transactionId: z.int(),
    itemId: z.int(),
    title: z.string(),
    side: z.enum(["buyer", "seller"]),
    step: z
      .enum(["ship", "rate", "answerCancel"])
      .describe("Ship the item, rate the other party, or answer a cancellation request"),
  }),
  z.object({
    kind: z.literal("offer"),
    ...common,
    offerId: z.int(),
    itemId: z.int(),
    title: z.string(),
    step: z
      .enum(["answerOffer", "answerCounter", "buy"])
      .describe(
        "Answer a buyer's offer, answer the seller's counter, or buy at the agreed price before `due`",
      ),
    amount: z.int().describe("The price in yen the step is about"),
  }),
  z.object({
    kind: z.literal("buybackOffer"),
    ...common,
    buybackItemId: z.int(),
    modelName: z.string(),
    amount: z.int().describe("The offer in yen, to accept or decline before `due`"),
  }),
  z.object({
    kind: z.literal("atmCode"),
    ...common,
    payoutId: z.int(),
    amount: z.int().describe("Yen to take at a Seven Bank ATM before `due`"),
  }),
  z.object({
    kind: z.literal("payoutReturned"),
    ...common,
    payoutId: z.int(),
    method: z.enum(PAYOUT_METHODS),
    amount: z.int(),
    state: z
      .enum(["FAILED", "EXPIRED"])
      .describe("Returned by the bank or wallet, or an ATM code left unused"),
  }),
  z.object({
    kind: z.literal("bankAccountNeeded"),
    ...common,
    amount: z.int().describe("Proceeds past their 180-day deadline, waiting for a bank account"),
  }),
  z.object({
    kind: z.literal("proceedsDeadline"),
    ...common,
    amount: z.int().describe("Proceeds whose 180-day deadline (`due`) is within 30 days"),
  }),
]);

const ZToDoList = z.object({ items: z.array(ZToDoItem), total: z.int() });

function itemJson(item: ToDoItem) {
  return { ...item, since: item.since.toISOString(), due: item.due?.toISOString() ?? null };
}

export const toDoRoutes = [
  defineRoute({
    method: "get",
    path: "/me/to-do",
    summary:
      "What waits for the member, oldest first: trades to ship, rate or answer, buyback offers, cash at the ATM, returned payouts, a bank account to register, proceeds near their deadline",
    tag: "accounts",
    auth: "user",
    responses: { 200: { description: "The to-do list", schema: ZToDoList } },
    async handler({ ctx, actor }) {
      const list = await toDoList(ctx, { userId: actor!.id });
      return {
        status: 200,
        body: { items: list.items.map(itemJson), total: list.total },
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
];
