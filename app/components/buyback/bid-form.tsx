import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { BID_LIMITS } from "#core/buyback/bid-input.ts";
import { BUYBACK_GRADES, type BuybackGrade } from "#core/buyback/codes.ts";
import type { BidList, BidRowView } from "#core/buyback/list-bids.ts";
import { RECOMMEND_KINDS, type RecommendKind } from "#core/buyback/recommended-prices.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  type CellHint,
  field,
  fillTargets,
  type TableState,
  typedNumber,
} from "../../routes/buyback/bid-fields.ts";
import { FormError } from "../form.tsx";
import { SelectionInputs } from "./bid-selectors.tsx";
import { RecommendChoices, RecommendDialog } from "./recommend-dialog.tsx";

type Props = {
  list: BidList;
  state: TableState;
  expiry: { min: string; max: string; maxDays: number };
  recommend: { windowDays: number; minSample: number };
  onDirty: (dirty: boolean) => void;
};

const wholeNumberOrEmpty = (value: string, min: number, max: number) =>
  typedNumber(value, min, max) !== "bad";

const CELL = /^(price|on)\.(\d+)\.([SABCJ])$/;
const ROW_FIELD = /^(cap|exp)\.(\d+)$/;

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-full border px-4 text-sm font-semibold transition disabled:opacity-60";
const SECONDARY = `${BUTTON} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const PRIMARY = `${BUTTON} border-brand-600 bg-brand-600 px-6 text-white hover:bg-brand-700`;

/**
 * The bid price list's table and its steps (spec §2/§4/§5), as one form that posts the whole
 * table. Without JavaScript every button is a step the server answers (the recommended-price
 * dialog is a panel, "add" a new row). With it, the §5 rule is checked as boxes are ticked and
 * fields are left, bulk checks, clearing and adding rows happen at once, the recommended prices
 * come through a dialog, and only saving and recommending go to the server.
 */
export function BidForm({ list, state, expiry, recommend, onDirty }: Props) {
  const t = useTranslations("buybackBids");
  const tv = useTranslations("validation");
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const [rows, setRows] = useState(state.rows);
  const [errors, setErrors] = useState(state.errors);
  const [notice, setNotice] = useState(state.notice);
  const [dialog, setDialog] = useState(false);
  const [dirty, setDirty] = useState(state.dirty);
  const models = new Map(list.models.map((m) => [m.id, m]));
  const saved = new Map(list.rows.map((r) => [r.id, r]));
  const others = list.modelId === null ? list.models.filter((m) => !rows.includes(m.id)) : [];
  const priceMessage = t("errors.price", { max: BID_LIMITS.priceMax });
  const capMessage = t("errors.quantityCap", { max: BID_LIMITS.quantityCapMax });

  // A refused save: the first field to fix gets the focus (the answer replaced the table).
  useEffect(() => {
    const first = Object.keys(state.errors)[0];
    if (first) (form.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  }, [state.errors]);

  const changed = () => {
    if (dirty) return;
    setDirty(true);
    onDirty(true);
  };
  const input = (name: string) => form.current?.elements.namedItem(name) as HTMLInputElement | null;

  /** The messages of one cell as the rules see it now: a bad price, and §5 on the checkbox. */
  const cellErrors = (m: number, g: BuybackGrade): Record<string, string | undefined> => {
    const price = input(field.price(m, g))?.value ?? "";
    const on = input(field.on(m, g))?.checked ?? false;
    return {
      [field.price(m, g)]: wholeNumberOrEmpty(price, 1, BID_LIMITS.priceMax) ? undefined : priceMessage,
      [field.on(m, g)]: on && price.trim() === "" ? tv("bidRow") : undefined,
    };
  };
  const setMessages = (found: Record<string, string | undefined>) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const [k, v] of Object.entries(found)) {
        if (v) next[k] = v;
        else delete next[k];
      }
      return next;
    });
  const checkAll = (): Record<string, string | undefined> => {
    const found: Record<string, string | undefined> = {};
    for (const m of rows) {
      for (const g of BUYBACK_GRADES) Object.assign(found, cellErrors(m, g));
      const cap = input(field.cap(m))?.value ?? "";
      found[field.cap(m)] = wholeNumberOrEmpty(cap, 0, BID_LIMITS.quantityCapMax) ? undefined : capMessage;
    }
    return found;
  };

  // Triggers as §5 has them: a box when it changes, a price or a cap when it is left.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    // The fill bar's own fields change nothing in the table until it is applied.
    if (target.name.startsWith("fill")) return;
    changed();
    const cell = CELL.exec(target.name);
    if (cell?.[1] === "on") setMessages(cellErrors(Number(cell[2]), cell[3] as BuybackGrade));
  };
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const cell = CELL.exec(target.name);
    if (cell?.[1] === "price") setMessages(cellErrors(Number(cell[2]), cell[3] as BuybackGrade));
    const row = ROW_FIELD.exec(target.name);
    if (row?.[1] === "cap") {
      setMessages({
        [target.name]: wholeNumberOrEmpty(target.value, 0, BID_LIMITS.quantityCapMax)
          ? undefined
          : capMessage,
      });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && submitter.value !== "save") return;
    const found = checkAll();
    setMessages(found);
    const first = Object.keys(found).find((k) => found[k]);
    if (first) {
      event.preventDefault();
      input(first)?.focus();
    }
  };

  /** A step done here and now; without JavaScript the same button asks the server. */
  const local = (step: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    step();
  };
  const eachCell = (fn: (price: HTMLInputElement, on: HTMLInputElement) => void) => {
    for (const m of rows) {
      for (const g of BUYBACK_GRADES) {
        const price = input(field.price(m, g));
        const on = input(field.on(m, g));
        if (price && on) fn(price, on);
      }
    }
  };
  const enableAll = local(() => {
    let count = 0;
    eachCell((price, on) => {
      on.checked = price.value.trim() !== "";
      if (on.checked) count += 1;
    });
    changed();
    setMessages(checkAll());
    setNotice(t("notices.enabled", { count }));
  });
  const disableAll = local(() => {
    eachCell((_, on) => {
      on.checked = false;
    });
    changed();
    setMessages(checkAll());
    setNotice(t("notices.disabled"));
  });
  const clear = local(() => {
    eachCell((price, on) => {
      price.value = "";
      on.checked = false;
    });
    for (const m of rows) {
      for (const name of [field.cap(m), field.exp(m)]) {
        const el = input(name);
        if (el) el.value = "";
      }
    }
    changed();
    setErrors({});
    setNotice(t("notices.cleared"));
  });
  const add = (ids: number[]) =>
    local(() => {
      setRows((prev) => [...prev, ...ids.filter((id) => !prev.includes(id))]);
      setNotice(
        ids.length === 1
          ? t("notices.added", { model: models.get(ids[0] as number)?.name ?? "" })
          : t("notices.addedAll", { count: ids.length }),
      );
    });
  const fill = local(() => {
    const select = (name: string) =>
      (form.current?.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
    const target = select("fillTarget");
    if (select("fillValue") !== "price" && form.current) {
      // Recommended prices come from the server, for the named cells only.
      const data = new FormData(form.current);
      data.set("intent", "fill");
      void submit(data, { method: "post", preventScrollReset: true });
      return;
    }
    const amount = typedNumber(input("fillPrice")?.value ?? "", 1, BID_LIMITS.priceMax);
    const cells = fillTargets(target, rows);
    if (typeof amount !== "number" || cells.length === 0) {
      setMessages({ fillPrice: t("fill.price", { max: BID_LIMITS.priceMax }) });
      input("fillPrice")?.focus();
      return;
    }
    for (const c of cells) {
      const price = input(field.price(c.model, c.grade));
      const on = input(field.on(c.model, c.grade));
      if (price) price.value = String(amount);
      if (on) on.checked = true;
    }
    changed();
    setMessages({ ...checkAll(), fillPrice: undefined });
    setNotice(t("fill.done", { count: cells.length, price: amount }));
  });
  const applyRecommended = (kind: RecommendKind) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", "recommendApply");
    data.set("kind", kind);
    setDialog(false);
    void submit(data, { method: "post", preventScrollReset: true });
  };

  const saveButton = (
    <button
      type="submit"
      name="intent"
      value="save"
      disabled={busy}
      className={PRIMARY}
      data-testid="save-bids"
    >
      {t("toolbar.save")}
    </button>
  );

  return (
    <>
      <Form
        ref={form}
        method="post"
        noValidate
        preventScrollReset
        onChange={onChange}
        onBlur={onBlur}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        data-testid="bid-form"
        data-model={list.modelId ?? ""}
      >
        <SelectionInputs list={list} />
        {rows.length > 0 && (
          // Save comes first: Enter in a price field confirms, never opens the dialog.
          <div className="flex flex-wrap items-center gap-2" data-testid="bid-toolbar">
            {saveButton}
            <button
              type="submit"
              name="intent"
              value="recommendAsk"
              onClick={local(() => setDialog(true))}
              className={`${SECONDARY} border-brand-600 text-brand-700`}
              data-testid="open-recommend"
            >
              {t("toolbar.recommend")}
            </button>
            <button type="submit" name="intent" value="enableAll" onClick={enableAll} className={SECONDARY}>
              {t("toolbar.enableAll")}
            </button>
            <button type="submit" name="intent" value="disableAll" onClick={disableAll} className={SECONDARY}>
              {t("toolbar.disableAll")}
            </button>
            <button type="submit" name="intent" value="clear" onClick={clear} className={SECONDARY}>
              {t("toolbar.clear")}
            </button>
            {dirty && (
              <span className="text-sm font-semibold text-amber-800" data-testid="unsaved">
                <span aria-hidden="true">● </span>
                {t("toolbar.unsaved")}
              </span>
            )}
          </div>
        )}
        {rows.length > 0 && (
          <FillBar
            rows={rows.map((id) => ({ id, name: models.get(id)?.name ?? String(id) }))}
            error={errors.fillPrice}
            onFill={fill}
          />
        )}
        <FormError message={state.formError} />
        <div role="status" className="empty:hidden" data-testid="bids-notice">
          {notice && <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800">{notice}</p>}
        </div>
        {state.ask && (
          <div
            role="alertdialog"
            aria-labelledby="recommend-panel-title"
            className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-amber-400"
            data-testid="recommend-panel"
          >
            <h2 id="recommend-panel-title" className="text-lg font-bold">
              {t("recommend.title")}
            </h2>
            <RecommendChoices recommend={recommend} name="kind" />
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <button type="submit" name="intent" value="recommendCancel" className={SECONDARY}>
                {t("recommend.cancel")}
              </button>
              <button type="submit" name="intent" value="recommendApply" className={PRIMARY}>
                {t("recommend.confirm")}
              </button>
            </div>
          </div>
        )}
        {state.hints && state.hintKind && (
          <p className="text-xs text-slate-600" data-testid="recommend-legend">
            <span className="font-semibold">{t(`recommend.${state.hintKind}`)}</span>
            {"："}
            {t(`recommend.${state.hintKind}Hint`, { days: recommend.windowDays })}
            {" / "}
            {t("recommend.window", { days: recommend.windowDays, min: recommend.minSample })}
          </p>
        )}
        {rows.length === 0 ? (
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="bids-empty">
            <p className="font-bold">{t("empty.title")}</p>
            <p className="mt-1 text-sm text-slate-600">{t("empty.body")}</p>
          </div>
        ) : (
          <BidTable
            rows={rows.map((id) => ({ id, name: models.get(id)?.name ?? String(id), saved: saved.get(id) }))}
            state={state}
            errors={errors}
            expiry={expiry}
            list={list}
            windowDays={recommend.windowDays}
          />
        )}
        {rows.length > 0 && (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {dirty && <span className="text-sm font-semibold text-amber-800">{t("toolbar.unsaved")}</span>}
            {saveButton}
          </div>
        )}
        {list.modelId === null && (
          <details
            open={rows.length === 0}
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid="other-models"
          >
            <summary className="cursor-pointer font-bold">
              {t("others.title", { count: others.length })}
            </summary>
            <p className="mt-2 text-sm text-slate-600">{t("others.lead")}</p>
            {others.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{t("others.none")}</p>
            ) : (
              <>
                <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {others.map((m) => (
                    <li
                      key={m.id}
                      className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-1.5"
                    >
                      <span className="text-sm">{m.name}</span>
                      <button
                        type="submit"
                        name="intent"
                        value={`add:${m.id}`}
                        onClick={add([m.id])}
                        aria-label={t("others.addLabel", { model: m.name })}
                        className="min-h-10 shrink-0 rounded-full border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                      >
                        {t("others.add")}
                      </button>
                    </li>
                  ))}
                </ul>
                <button
                  type="submit"
                  name="intent"
                  value="addAll"
                  onClick={add(others.map((m) => m.id))}
                  className={`${SECONDARY} mt-3`}
                >
                  {t("others.addAll")}
                </button>
              </>
            )}
          </details>
        )}
      </Form>
      <RecommendDialog
        isOpen={dialog}
        onClose={() => setDialog(false)}
        onConfirm={applyRecommended}
        recommend={recommend}
      />
    </>
  );
}

/** One price for a whole column (a grade, every model) or a whole row (a model, every grade). */
function FillBar({
  rows,
  error,
  onFill,
}: {
  rows: { id: number; name: string }[];
  error: string | undefined;
  onFill: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const t = useTranslations("buybackBids.fill");
  const tr = useTranslations("buybackBids.recommend");
  const tg = useTranslations("buyback.grades");
  const id = useId();
  const apply = useRef<HTMLButtonElement>(null);
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="fill-bar"
    >
      <legend className="sr-only">{t("legend")}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-target`} className="text-xs font-semibold text-slate-700">
          {t("target")}
        </label>
        <select
          id={`${id}-target`}
          name="fillTarget"
          className="h-10 max-w-72 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <optgroup label={t("columns")}>
            {BUYBACK_GRADES.map((g) => (
              <option key={g} value={`col:${g}`}>
                {t("column", { grade: tg(g) })}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("rows")}>
            {rows.map((r) => (
              <option key={r.id} value={`row:${r.id}`}>
                {t("row", { model: r.name })}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-value`} className="text-xs font-semibold text-slate-700">
          {t("value")}
        </label>
        <select
          id={`${id}-value`}
          name="fillValue"
          className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="price">{t("priceOption")}</option>
          {RECOMMEND_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t("recommended", { kind: tr(`short.${kind}`) })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-price`} className="text-xs font-semibold text-slate-700">
          {t("amount")}
        </label>
        <input
          id={`${id}-price`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          name="fillPrice"
          // Enter fills (the form's first button would confirm the whole table).
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            apply.current?.click();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${CELL_INPUT} w-32 ${error ? "border-danger-600" : "border-slate-300"}`}
        />
      </div>
      <button
        ref={apply}
        type="submit"
        name="intent"
        value="fill"
        onClick={onFill}
        className={SECONDARY}
        data-testid="fill-apply"
      >
        {t("apply")}
      </button>
      {error && (
        <p
          id={`${id}-error`}
          className="basis-full text-xs font-medium text-danger-600"
          data-testid="error-fillPrice"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}

function StatusBadge({ status }: { status: NonNullable<BidRowView["cells"][BuybackGrade]["status"]> }) {
  const t = useTranslations("buybackBids.table.status");
  const tone = {
    live: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    off: "bg-slate-100 text-slate-700 ring-slate-200",
    expired: "bg-amber-50 text-amber-900 ring-amber-200",
    full: "bg-amber-50 text-amber-900 ring-amber-200",
  }[status];
  return (
    <span className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ring-1 ${tone}`}>{t(status)}</span>
  );
}

function Hint({ hint, days }: { hint: CellHint; days: number }) {
  const t = useTranslations("buybackBids.recommend");
  return (
    <p className="text-[11px] leading-snug text-slate-600">
      {hint.price === null ? (
        <span className="font-semibold text-amber-800">{t("notEnough")}</span>
      ) : (
        hint.basis && <span>{t(`basis.${hint.basis}`)}</span>
      )}
      <br />
      {hint.price === null
        ? t("sampleShort", { days, count: hint.accepted + hint.bids })
        : t("sample", { days, count: hint.accepted + hint.bids, accepted: hint.accepted, bids: hint.bids })}
    </p>
  );
}

function Message({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-danger-600" data-testid={`error-${name}`}>
      {children}
    </p>
  );
}

const CELL_INPUT =
  "h-10 min-w-0 rounded-md border bg-white px-2 text-right text-base tabular-nums focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

function BidTable({
  rows,
  state,
  errors,
  expiry,
  list,
  windowDays,
}: {
  rows: { id: number; name: string; saved: BidRowView | undefined }[];
  state: TableState;
  errors: Record<string, string>;
  expiry: Props["expiry"];
  list: BidList;
  windowDays: number;
}) {
  const t = useTranslations("buybackBids.table");
  const tg = useTranslations("buyback.grades");
  const tc = useTranslations("codes.category");
  const tn = useTranslations("buyback.ngConditions");
  const id = useId();
  const v = (name: string) => state.values[name] ?? "";
  const described = (name: string) => (errors[name] ? `${id}-${name}` : undefined);
  const caption = t("caption", { category: tc(list.categoryCode), ng: tn(list.ngCondition) });
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-slate-500">{t("scrollHint")}</p>
      {/* The header row and the model column stay in place while the table scrolls both ways. */}
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled by keyboard
        tabIndex={0}
        className="max-h-[75vh] overflow-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="bid-table-region"
      >
        <table className="min-w-full border-separate border-spacing-0 text-sm" data-testid="bid-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th
                scope="col"
                className="sticky top-0 left-0 z-30 border-r border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold"
              >
                {t("model")}
              </th>
              {BUYBACK_GRADES.map((g) => (
                <th
                  key={g}
                  scope="col"
                  className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-2 py-2 font-semibold"
                >
                  {tg(g)}
                </th>
              ))}
              <th
                scope="col"
                className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-2 py-2 font-semibold"
              >
                {t("quantityCap")}
                <span className="block font-normal text-slate-500">{t("quantityCapHint")}</span>
              </th>
              <th
                scope="col"
                className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-2 py-2 font-semibold"
              >
                {t("expiresOn")}
                <span className="block font-normal text-slate-500">
                  {t("expiresOnHint", { max: expiry.maxDays })}
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const held = Math.max(0, ...BUYBACK_GRADES.map((g) => row.saved?.cells[g].reserved ?? 0));
              return (
                <tr key={row.id} data-testid={`bid-row-${row.id}`} className="align-top">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 w-28 min-w-28 border-r border-b border-r-slate-200 border-b-slate-100 bg-white px-3 py-3 text-left font-semibold sm:w-40 sm:min-w-40"
                  >
                    {row.name}
                    <input type="hidden" name="row" value={row.id} />
                  </th>
                  {BUYBACK_GRADES.map((g) => {
                    const price = field.price(row.id, g);
                    const on = field.on(row.id, g);
                    const status = row.saved?.cells[g].status;
                    const hint = state.hints?.[`${row.id}.${g}`];
                    return (
                      <td key={g} className="border-b border-slate-100 px-2 py-2">
                        <div className="flex w-36 flex-col gap-1">
                          <div className="flex items-center gap-1">
                            <label className="flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-slate-100">
                              <input
                                type="checkbox"
                                name={on}
                                value="1"
                                defaultChecked={v(on) === "1"}
                                aria-label={t("enableLabel", { model: row.name, grade: g })}
                                aria-invalid={errors[on] ? true : undefined}
                                aria-describedby={described(on)}
                                className="size-5 accent-brand-600"
                              />
                            </label>
                            <input
                              type="text"
                              inputMode="numeric"
                              autoComplete="off"
                              name={price}
                              defaultValue={v(price)}
                              aria-label={t("priceLabel", { model: row.name, grade: g })}
                              aria-invalid={errors[price] ? true : undefined}
                              aria-describedby={described(price)}
                              className={`${CELL_INPUT} w-full ${errors[price] ? "border-danger-600" : "border-slate-300"}`}
                            />
                          </div>
                          {status && (
                            <div>
                              <StatusBadge status={status} />
                            </div>
                          )}
                          {hint && <Hint hint={hint} days={windowDays} />}
                          {errors[price] && (
                            <Message id={`${id}-${price}`} name={price}>
                              {errors[price]}
                            </Message>
                          )}
                          {errors[on] && (
                            <Message id={`${id}-${on}`} name={on}>
                              {errors[on]}
                            </Message>
                          )}
                        </div>
                      </td>
                    );
                  })}
                  <td className="border-b border-slate-100 px-2 py-2">
                    <div className="flex w-24 flex-col gap-1">
                      <input
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        name={field.cap(row.id)}
                        defaultValue={v(field.cap(row.id))}
                        aria-label={t("capLabel", { model: row.name })}
                        aria-invalid={errors[field.cap(row.id)] ? true : undefined}
                        aria-describedby={described(field.cap(row.id))}
                        className={`${CELL_INPUT} w-full ${errors[field.cap(row.id)] ? "border-danger-600" : "border-slate-300"}`}
                      />
                      {held > 0 && <p className="text-[11px] text-slate-600">{t("held", { count: held })}</p>}
                      {errors[field.cap(row.id)] && (
                        <Message id={`${id}-${field.cap(row.id)}`} name={field.cap(row.id)}>
                          {errors[field.cap(row.id)]}
                        </Message>
                      )}
                    </div>
                  </td>
                  <td className="border-b border-slate-100 px-2 py-2">
                    <div className="flex w-40 flex-col gap-1">
                      <input
                        type="date"
                        name={field.exp(row.id)}
                        defaultValue={v(field.exp(row.id))}
                        min={expiry.min}
                        max={expiry.max}
                        aria-label={t("expiryLabel", { model: row.name })}
                        aria-invalid={errors[field.exp(row.id)] ? true : undefined}
                        aria-describedby={described(field.exp(row.id))}
                        className={`${CELL_INPUT} w-full text-left ${errors[field.exp(row.id)] ? "border-danger-600" : "border-slate-300"}`}
                      />
                      {row.saved?.expired && (
                        <p
                          className="text-[11px] font-semibold text-amber-900"
                          data-testid={`expired-${row.id}`}
                        >
                          {t("rowExpired")}
                        </p>
                      )}
                      {errors[field.exp(row.id)] && (
                        <Message id={`${id}-${field.exp(row.id)}`} name={field.exp(row.id)}>
                          {errors[field.exp(row.id)]}
                        </Message>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
