import { type ChangeEvent, useId, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { BUYBACK_NG_CONDITIONS } from "#core/buyback/codes.ts";
import type { BidList } from "#core/buyback/list-bids.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

const SELECT =
  "mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

/**
 * The bid list's selectors (spec §2): category, item (model, or all) and condition (NG). A plain
 * GET form with a button; with JavaScript a choice shows at once, after asking when the table
 * holds changes not yet confirmed. A new category starts from all its models.
 */
export function BidSelectors({ list, lang, dirty }: { list: BidList; lang: Locale; dirty: boolean }) {
  const t = useTranslations("buybackBids.selectors");
  const tc = useTranslations("codes.category");
  const tn = useTranslations("buyback.ngConditions");
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const select = event.currentTarget;
    if (dirty && !window.confirm(t("leaveConfirm"))) {
      // Back to what is shown: the table's unsaved input stays.
      const shown = { category: list.categoryCode, model: String(list.modelId ?? ""), ng: list.ngCondition };
      select.value = shown[select.name as keyof typeof shown] ?? "";
      return;
    }
    if (!form.current) return;
    const data = new FormData(form.current);
    if (select.name === "category") data.delete("model");
    for (const [k, v] of [...data.entries()]) if (v === "") data.delete(k);
    void submit(data, { method: "get", action: `/${lang}/buyback/bids/` });
  };
  return (
    <Form
      ref={form}
      method="get"
      action={`/${lang}/buyback/bids/`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={`${id}-legend`}
    >
      <h2 id={`${id}-legend`} className="sr-only">
        {t("legend")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-category`} className="text-sm font-semibold text-slate-800">
            {t("category")}
          </label>
          <select
            id={`${id}-category`}
            name="category"
            defaultValue={list.categoryCode}
            onChange={change}
            className={SELECT}
            data-testid="select-category"
          >
            {list.categories.map((c) => (
              <option key={c.code} value={c.code}>
                {t("modelCount", { name: tc(c.code), count: c.modelCount })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-model`} className="text-sm font-semibold text-slate-800">
            {t("model")}
          </label>
          <select
            id={`${id}-model`}
            name="model"
            defaultValue={list.modelId === null ? "" : String(list.modelId)}
            onChange={change}
            className={SELECT}
            data-testid="select-model"
          >
            <option value="">{t("allModels")}</option>
            {list.models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-ng`} className="text-sm font-semibold text-slate-800">
            {t("ng")}
          </label>
          <select
            id={`${id}-ng`}
            name="ng"
            defaultValue={list.ngCondition}
            onChange={change}
            className={SELECT}
            data-testid="select-ng"
          >
            {BUYBACK_NG_CONDITIONS.map((ng) => (
              <option key={ng} value={ng}>
                {tn(ng)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="h-11 rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("show")}
        </button>
      </div>
    </Form>
  );
}

/** The list a form posts to: its category, NG condition and model (empty: every model). */
export function SelectionInputs({
  list,
}: {
  list: Pick<BidList, "categoryCode" | "ngCondition" | "modelId">;
}) {
  return (
    <>
      <input type="hidden" name="category" value={list.categoryCode} />
      <input type="hidden" name="ng" value={list.ngCondition} />
      <input type="hidden" name="model" value={list.modelId === null ? "" : String(list.modelId)} />
    </>
  );
}
