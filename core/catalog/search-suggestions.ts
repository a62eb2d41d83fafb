import { inArray } from "drizzle-orm";
import { deviceModels } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { DEVICE_CATALOGUE } from "./device-catalogue.ts";
import { countMatches } from "./search-items.ts";
import { searchParamsOf, type TSearchQuery } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";
import {
  CATALOGUE_NAMES,
  canonicalSearchText,
  oneEditApart,
  type Piece,
  piecesOf,
  typedSpellings,
} from "./search-text.ts";

/** A way out of an empty result: a filter to drop and how many listings that would show. */
type DropFilter = { param: string; params: string; count: number; countCapped: boolean };

export type NoResultHelp = {
  /** Catalogue model names nearest the words typed, to search for instead. */
  models: string[];
  /** Filters whose removal alone would find something, with what it would find. */
  dropFilters: DropFilter[];
};

const wordsOf = (text: string) =>
  piecesOf(canonicalSearchText(text))
    .filter((p) => p.kind === "word")
    .map((p) => p.text);

/**
 * The catalogue models nearest a query's words: each word equal to a word of the model's name
 * counts two, one letter off counts one; the best three, newest first among equals.
 */
export function nearestModels(keyword: string, limit = 3): string[] {
  const typed = wordsOf(keyword);
  if (typed.length === 0) return [];
  const scored = DEVICE_CATALOGUE.map((model) => {
    const words = wordsOf([model.name, ...(model.aliases ?? [])].join(" "));
    const score = typed.reduce(
      (sum, w) =>
        sum + (words.includes(w) ? 2 : words.some((m) => w.length >= 3 && oneEditApart(w, m)) ? 1 : 0),
      0,
    );
    // A name with words the query did not ask for ranks below the same score with fewer.
    return { name: model.name, score, extra: words.length, year: model.releasedYear };
  }).filter((m) => m.score > 0);
  scored.sort((a, b) => b.score - a.score || a.extra - b.extra || b.year - a.year);
  return scored.slice(0, limit).map((m) => m.name);
}

/**
 * What an empty result page offers: the nearest model names, and each filter (or value of a
 * filter with several) whose removal finds listings.
 */
export async function noResultHelp(
  ctx: Pick<CoreContext, "db" | "clock">,
  q: TSearchQuery,
  /** Filters the page itself sets (a brand page's brand): never offered for dropping. */
  fixed: readonly string[] = [],
): Promise<NoResultHelp> {
  const params = searchParamsOf(q);
  const dropFilters: DropFilter[] = [];
  const filters = [...new Set(params.keys())].filter(
    (k) => k !== "keyword" && k !== "sort" && !fixed.includes(k),
  );
  for (const param of filters.slice(0, 6)) {
    const without = new URLSearchParams(params);
    without.delete(param);
    const { count, countCapped } = await countMatches(ctx, searchQueryFromParams(without));
    if (count > 0) dropFilters.push({ param, params: without.toString(), count, countCapped });
  }
  return { models: q.keyword ? nearestModels(q.keyword) : [], dropFilters };
}

/** A model to search by, from what is typed so far, and the typed words it leaves as the keyword. */
export type ModelSuggestion = { id: number; name: string; brandCode: string; rest: string };

type Candidate = {
  model: string;
  used: number;
  complete: boolean;
  extra: number;
  year: number;
  rest: string;
};

/**
 * The catalogue models a search box's text may mean, as one types: the name's words in order, the
 * last one perhaps still being typed ("iphone 1" → iPhone 11, 12…; "iphone12 じゃんく" → iPhone 12,
 * iPhone 12 mini… with ジャンク left as the keyword). The name typed whole comes first, then the
 * shorter names, then the newer models.
 */
export async function suggestModels(
  ctx: Pick<CoreContext, "db">,
  text: string,
  limit = 6,
): Promise<ModelSuggestion[]> {
  const typed = text.slice(0, 100);
  const pieces = piecesOf(canonicalSearchText(typed));
  if (pieces.length === 0) return [];
  const best = new Map<string, Candidate>();
  for (const name of CATALOGUE_NAMES) {
    const match = matchName(pieces, name.words);
    if (!match) continue;
    const model = DEVICE_CATALOGUE.find((m) => m.name === name.model)!;
    const candidate: Candidate = {
      model: name.model,
      used: match.used,
      complete: match.complete,
      extra: name.words.length,
      year: model.releasedYear,
      // What is left is kept as it was typed: the keyword the search box goes on with.
      rest: typedSpellings(typed, match.rest).join(" "),
    };
    const known = best.get(name.model);
    if (!known || rank(candidate, known) < 0) best.set(name.model, candidate);
  }
  // Only the names that fit as many of the typed words as the best one does.
  const most = Math.max(0, ...[...best.values()].map((c) => c.used));
  const ranked = [...best.values()]
    .filter((c) => c.used === most)
    .sort(rank)
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const rows = await ctx.db
    .select({ id: deviceModels.id, name: deviceModels.name, brandCode: deviceModels.brandCode })
    .from(deviceModels)
    .where(
      inArray(
        deviceModels.name,
        ranked.map((c) => c.model),
      ),
    );
  return ranked.flatMap((c) => {
    const row = rows.find((r) => r.name === c.model);
    return row ? [{ id: row.id, name: row.name, brandCode: row.brandCode, rest: c.rest }] : [];
  });
}

function rank(a: Candidate, b: Candidate): number {
  return (
    b.used - a.used ||
    Number(b.complete) - Number(a.complete) ||
    a.extra - b.extra ||
    b.year - a.year ||
    a.model.localeCompare(b.model)
  );
}

/**
 * Where a name's words start among the typed pieces and how many it covers (the last typed word
 * may be the start of the name's word); null when it does not fit. `rest` is what is left.
 */
function matchName(
  pieces: Piece[],
  words: string[],
): { used: number; complete: boolean; rest: string[] } | null {
  for (let start = 0; start < pieces.length; start++) {
    let k = 0;
    while (
      k < words.length &&
      start + k < pieces.length &&
      pieces[start + k]!.kind === "word" &&
      (k === 0 || pieces[start + k]!.linked) &&
      pieces[start + k]!.text === words[k]
    ) {
      k++;
    }
    // The word being typed: the start of the name's next word, at the end of the text.
    const next = pieces[start + k];
    const typing =
      k < words.length &&
      start + k === pieces.length - 1 &&
      next?.kind === "word" &&
      (k === 0 || next.linked) &&
      words[k]!.startsWith(next.text);
    const used = k + (typing ? 1 : 0);
    if (used === 0 || (k === 0 && !typing)) continue;
    // One word alone names a model only when it is a series name ("iphone"), not a number.
    if (used === 1 && !/^\p{L}{2,}$/u.test(pieces[start]!.text)) continue;
    const rest = [...pieces.slice(0, start), ...pieces.slice(start + used)].map((p) => p.text);
    return { used, complete: !typing && k === words.length, rest };
  }
  return null;
}
