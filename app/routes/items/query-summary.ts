import { BRANDS, CATEGORIES, ITEM_CONDITIONS } from "#core/catalog/codes.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  NETWORK_RESTRICTIONS,
} from "#core/catalog/device-facts.ts";
import { getModel } from "#core/catalog/models.ts";
import type { TSearchQuery } from "#core/catalog/search-params.ts";
import { searchQueryFromParams } from "#core/catalog/search-query.ts";
import type { CoreContext } from "#core/shared/context.ts";
import type { Message } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen, translator } from "../../i18n/index.ts";
import { label } from "../../lib/labels.ts";

type Table = readonly { code: string; label: Message }[];

/**
 * A saved search's conditions in words, one part each: its keyword in quotes, 「動作チェック済み」 when
 * it asks for self-checked listings only, then every filter as 「名前：値」 (「ブランド：Apple」
 * 「配送料：着払い」「価格：¥5,000〜¥20,000」).
 */
function querySummary(q: TSearchQuery, lang: Locale, modelName: string | null): string[] {
  const t = translator(lang);
  const list = (values: readonly (string | number)[], table?: Table) =>
    values.map((v) => (table ? label(table, String(v), lang) : String(v))).join(t("catalog.listSeparator"));
  const parts: string[] = [];
  if (q.keyword.trim()) parts.push(t("catalog.quotedKeyword", { keyword: q.keyword.trim() }));
  if (q.checked) parts.push(t("catalog.selfChecked"));
  const add = (filter: string, value: string) => {
    if (value) parts.push(t("catalog.filterValue", { filter, value }));
  };
  add(t("catalog.category"), label(CATEGORIES, q.category, lang));
  add(t("catalog.brand"), label(BRANDS, q.brand, lang));
  add(t("catalog.model"), q.model ? (modelName ?? String(q.model)) : "");
  if (q.status !== "all")
    add(t("catalog.status"), t(q.status === "on_sale" ? "catalog.statusOnSale" : "catalog.statusSold"));
  add(t("catalog.condition"), list(q.condition, ITEM_CONDITIONS));
  add(
    t("catalog.postageFilter"),
    q.postage ? t(q.postage === "ARRIVAL" ? "catalog.postageArrival" : "catalog.postageIncluded") : "",
  );
  const yen = (n: number | undefined) => (n === undefined ? "" : formatYen(n, lang));
  add(
    t("catalog.priceRange"),
    q.priceMin !== undefined && q.priceMax !== undefined
      ? t("catalog.priceBetween", { min: yen(q.priceMin), max: yen(q.priceMax) })
      : q.priceMin !== undefined
        ? t("catalog.priceFrom", { min: yen(q.priceMin) })
        : q.priceMax !== undefined
          ? t("catalog.priceUpTo", { max: yen(q.priceMax) })
          : "",
  );
  add(
    t("catalog.storage"),
    q.storage.map((s) => (s >= 1024 ? `${s / 1024}TB` : `${s}GB`)).join(t("catalog.listSeparator")),
  );
  add(t("catalog.defectsHas"), list(q.defects, DEFECTS));
  add(t("catalog.defectsNone"), list(q.noDefects, DEFECTS));
  add(t("catalog.networkRestriction"), list(q.networkRestriction, NETWORK_RESTRICTIONS));
  add(t("catalog.activationLock"), list(q.activationLock, ACTIVATION_LOCKS));
  add(t("catalog.carrier"), list(q.carrier, CARRIERS));
  add(t("catalog.color"), list(q.color, COLORS));
  add(
    t("catalog.batteryMin"),
    q.batteryMin !== undefined ? t("catalog.batteryAtLeast", { percent: q.batteryMin }) : "",
  );
  return parts;
}

/** Saved queries (URL parameters) in words, the model names read from the catalogue. */
export async function summarizeQueries(
  ctx: Pick<CoreContext, "db">,
  queries: string[],
  lang: Locale,
): Promise<string[][]> {
  const parsed = queries.map((query) => searchQueryFromParams(new URLSearchParams(query)));
  const names = new Map<number, string>();
  for (const id of new Set(parsed.flatMap((q) => (q.model ? [q.model] : [])))) {
    const model = await getModel(ctx, id);
    if (model) names.set(id, model.name);
  }
  return parsed.map((q) => querySummary(q, lang, q.model ? (names.get(q.model) ?? null) : null));
}
