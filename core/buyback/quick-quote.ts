import type { BuybackGrade, BuybackNgCondition } from "#db/schema/index.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import type { BuybackQuestion } from "./device-fields.ts";
import { getModelPrices, listPriceCategories, listPriceModels } from "./public-prices.ts";

/**
 * The conditions a visitor picks from for an instant quote, in the words of the application's
 * questions: how the device looks while it works, a broken screen, or no power. Each names the
 * grade × NG condition cells a device so described can be priced at (`estimateCondition` read
 * backwards: a worn battery keeps a working device's grade), and the answers it lets the
 * application fill in for the member.
 */
export const QUOTE_CONDITIONS = {
  unused: { cells: [["S", "none"]], answers: { appearance: "unused" } },
  like_new: {
    cells: [
      ["A", "none"],
      ["A", "battery"],
    ],
    answers: { appearance: "like_new" },
  },
  used: {
    cells: [
      ["B", "none"],
      ["B", "battery"],
    ],
    answers: { appearance: "used" },
  },
  worn: {
    cells: [
      ["C", "none"],
      ["C", "battery"],
    ],
    answers: { appearance: "worn" },
  },
  screen: { cells: [["J", "screen"]], answers: { screen: "cracked" } },
  no_power: { cells: [["J", "no_power"]], answers: { power: "no" } },
} as const satisfies Record<
  string,
  {
    cells: readonly (readonly [BuybackGrade, BuybackNgCondition])[];
    answers: Partial<Record<BuybackQuestion, string>>;
  }
>;
export type QuoteCondition = keyof typeof QUOTE_CONDITIONS;
export const QUOTE_CONDITION_CODES = Object.keys(QUOTE_CONDITIONS) as QuoteCondition[];

export function isQuoteCondition(code: string): code is QuoteCondition {
  return Object.hasOwn(QUOTE_CONDITIONS, code);
}

/** A model the instant quote offers: one with at least one public price now. */
export type QuoteModel = { id: number; name: string; brandName: string; categoryCode: string };

/** Every model with a price now, category by category in catalogue order (the quote's choices). */
export async function listQuoteModels(ctx: CoreContext): Promise<QuoteModel[]> {
  const categories = (await listPriceCategories(ctx)).filter((c) => c.pricedModels > 0);
  const lists = await Promise.all(
    categories.map((c) => listPriceModels(ctx, { categoryCode: c.categoryCode, priced: true })),
  );
  const order = (code: string) => CATEGORIES.findIndex((c) => c.code === code);
  return lists
    .flat()
    .map((m) => ({ id: m.id, name: m.name, brandName: m.brandName, categoryCode: m.categoryCode }))
    .sort(
      (a, b) =>
        order(a.categoryCode) - order(b.categoryCode) ||
        a.brandName.localeCompare(b.brandName) ||
        a.name.localeCompare(b.name, "ja", { numeric: true }),
    );
}

export type QuickQuote = {
  model: QuoteModel;
  condition: QuoteCondition;
  /** The lowest and highest public price of the condition's cells, or null: nobody bids on it now. */
  range: { min: number; max: number } | null;
  /** What the application can fill in from the condition (`answers.{question}`). */
  answers: Partial<Record<BuybackQuestion, string>>;
};

/**
 * An instant quote: the range of a model's public prices (the best live bid of each cell, exactly
 * what its price page shows) over the cells the condition covers. Never a single buyer's bid
 * beyond those. An unknown model is a 404.
 */
export async function quickQuote(
  ctx: CoreContext,
  o: { modelId: number; condition: QuoteCondition },
): Promise<QuickQuote> {
  const { model, prices } = await getModelPrices(ctx, { modelId: o.modelId });
  const { cells, answers } = QUOTE_CONDITIONS[o.condition];
  const found = prices
    .filter((p) => cells.some(([grade, ng]) => p.grade === grade && p.ngCondition === ng))
    .map((p) => p.price);
  return {
    model: { id: model.id, name: model.name, brandName: model.brandName, categoryCode: model.categoryCode },
    condition: o.condition,
    range: found.length > 0 ? { min: Math.min(...found), max: Math.max(...found) } : null,
    answers,
  };
}
