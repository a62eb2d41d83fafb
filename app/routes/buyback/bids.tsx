import { useEffect, useRef, useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { importBidsCsv } from "#core/buyback/bid-csv.ts";
import { BID_LIMITS, tokyoDatePlus } from "#core/buyback/bid-input.ts";
import { BUYBACK_GRADES } from "#core/buyback/codes.ts";
import { listBids } from "#core/buyback/list-bids.ts";
import { RECOMMEND_KINDS, type RecommendKind, recommendedPrices } from "#core/buyback/recommended-prices.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { setBids } from "#core/buyback/set-bids.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { BidCsvPanel, type CsvAnswer } from "../../components/buyback/bid-csv-panel.tsx";
import { BidForm } from "../../components/buyback/bid-form.tsx";
import { BidSelectors } from "../../components/buyback/bid-selectors.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requestInfo } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { readUploadForm } from "../../lib/upload.server.ts";
import type { Route } from "./+types/bids";
import { field, fillTargets, savedTable, type TableState, typedNumber } from "./bid-fields.ts";
import { applyRecommendation, readTable, saveInput, tableErrors } from "./bids.server.ts";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackBids.title", { noindex: true });

const SELECTION = ["category", "model", "ng"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const buyer = await requireBuyer(context, request, lang);
  const url = new URL(request.url);
  const input = Object.fromEntries(
    SELECTION.map((k) => [k, url.searchParams.get(k)?.slice(0, 20) || undefined]).filter(([, v]) => v),
  );
  const ctx = core(context);
  try {
    const list = await listBids(ctx, { userId: buyer.userId, input });
    const now = ctx.clock.now();
    return {
      list,
      table: savedTable(list),
      expiry: {
        min: tokyoDatePlus(now, BID_LIMITS.expiryMinDays),
        max: tokyoDatePlus(now, BID_LIMITS.expiryMaxDays),
        maxDays: BID_LIMITS.expiryMaxDays,
      },
      recommend: {
        windowDays: BUYBACK_RULES.recommendWindowDays,
        minSample: BUYBACK_RULES.recommendMinSample,
      },
    };
  } catch (error) {
    // A stale or hand-made selection (a model of another category): the list as far as it is valid.
    if (!isAppError(error) || !["VALIDATION", "NOT_FOUND"].includes(error.code)) throw error;
    const keep = new URLSearchParams();
    for (const k of ["category", "ng"] as const) if (input[k] && !(k in error.fields)) keep.set(k, input[k]);
    const query = keep.toString();
    throw redirect(`/${lang}/buyback/bids/${query ? `?${query}` : ""}`);
  }
}

/** Only a save or an upload changes what is stored; every other step answers the table it was sent. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // An upload saved its good lines even when it refused some (answered 422): read the list again.
  if (actionResult && typeof actionResult === "object" && "csv" in actionResult) return true;
  if (actionResult && typeof actionResult === "object" && !("saved" in actionResult)) return false;
  return defaultShouldRevalidate;
}

type Saved = { saved: { created: number; updated: number; unchanged: number } };
/** An upload's answer: what was saved (the list is read again) and each refused line. */
type Uploaded = { saved: null; csv: CsvAnswer };
type ActionAnswer = Saved | Uploaded | { table: TableState };

/** Room for the multipart envelope around a CSV file of the largest size taken. */
const UPLOAD_MAX_BYTES = BID_LIMITS.csvMaxBytes + 64 * 1024;

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const t = translator(lang);
  const buyer = await requireBuyer(context, request, lang);
  const ctx = core(context);
  const form = await readUploadForm(request, UPLOAD_MAX_BYTES);
  if (!form) {
    const error = t("buybackBids.csv.errors.tooLarge", { max: BID_LIMITS.csvMaxBytes / 1024 / 1024 });
    return data<ActionAnswer>({ saved: null, csv: { error, rejected: [] } }, { status: 413 });
  }
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" && v !== "" ? v.slice(0, 20) : undefined;
  };
  const selection = Object.fromEntries(SELECTION.map((k) => [k, str(k)]).filter(([, v]) => v));
  let list: Awaited<ReturnType<typeof listBids>>;
  try {
    list = await listBids(ctx, { userId: buyer.userId, input: selection });
  } catch (error) {
    if (!isAppError(error) || error.code === "FORBIDDEN") throw error;
    return data<ActionAnswer>(
      {
        table: {
          nonce: crypto.randomUUID(),
          rows: [],
          values: {},
          errors: {},
          dirty: false,
          formError: t("buybackBids.notices.badRequest"),
        },
      },
      { status: 400 },
    );
  }
  const names = new Map(list.models.map((m) => [m.id, m.name]));
  const { rows, values } = readTable(form, new Set(names.keys()));
  const intent = str("intent") ?? "save";
  const stored = savedTable(list);
  /** Whether a table differs from what is saved (rows added, anything typed). */
  const differs = (r: number[], v: Record<string, string>) =>
    r.join() !== stored.rows.join() || Object.entries(v).some(([k, x]) => (stored.values[k] ?? "") !== x);
  const answer = (table: Partial<TableState>, status = 200) => {
    const next = { nonce: crypto.randomUUID(), rows, values, errors: {}, ...table };
    return data<ActionAnswer>({ table: { ...next, dirty: differs(next.rows, next.values) } }, { status });
  };

  if (intent === "upload") {
    const file = form.get("file");
    const refuse = (error: string, status: number) =>
      data<ActionAnswer>({ saved: null, csv: { error, rejected: [] } }, { status });
    if (!(file instanceof File) || file.size === 0) return refuse(t("buybackBids.csv.errors.noFile"), 422);
    try {
      const done = await importBidsCsv(ctx, {
        userId: buyer.userId,
        bytes: new Uint8Array(await file.arrayBuffer()),
        meta: { requestId: requestInfo(context).requestId, ip: requestInfo(context).ip },
      });
      const csv: CsvAnswer = {
        done: t("buybackBids.csv.done", {
          encoding: t(`buybackBids.csv.encoding.${done.encoding}`),
          accepted: done.accepted,
          ...done.saved,
        }),
        rejected: done.rejected.map((r) => ({
          line: r.line,
          messages: r.messages.map((m) => renderMessage(m, lang)),
        })),
      };
      return data<ActionAnswer>({ saved: null, csv }, { status: csv.rejected.length ? 422 : 200 });
    } catch (error) {
      if (!isAppError(error) || error.code === "FORBIDDEN") throw error;
      const said = localizeError(error, lang);
      return refuse(said.fields.file ?? said.message, error.status);
    }
  }
  if (intent === "save") {
    // An empty table (every row removed by hand): nothing to save, nothing changed.
    if (rows.length === 0) return answer({});
    try {
      const saved = await setBids(ctx, {
        userId: buyer.userId,
        input: saveInput(rows, values, list.ngCondition),
        meta: { requestId: requestInfo(context).requestId, ip: requestInfo(context).ip },
      });
      return data<ActionAnswer>({ saved });
    } catch (error) {
      if (!isAppError(error) || error.code === "FORBIDDEN") throw error;
      const said = localizeError(error, lang);
      const { errors, other } = tableErrors(said.fields, rows);
      const count = Object.keys(errors).length + other.length;
      const formError = [
        ...(count ? [t("buybackBids.errors.summary", { count })] : [said.message]),
        ...other,
      ].join(" ");
      return answer({ errors, formError }, error.status);
    }
  }
  /** The table with recommended prices in its cells (or only in `only`), and what each rests on. */
  const recommend = async (kind: RecommendKind, only?: ReadonlySet<string>) => {
    const rec = await recommendedPrices(ctx, {
      userId: buyer.userId,
      input: { category: list.categoryCode, ng: list.ngCondition, kind },
    });
    const applied = applyRecommendation(rows, values, rec, only);
    return answer({
      values: applied.values,
      hints: applied.hints,
      hintKind: rec.kind,
      notice: t("buybackBids.recommend.applied", {
        kind: t(`buybackBids.recommend.short.${rec.kind}`),
        filled: applied.filled,
        skipped: applied.skipped,
      }),
    });
  };

  if (intent === "fill") {
    const price = str("fillPrice") ?? "";
    const cells = fillTargets(str("fillTarget") ?? "", rows);
    const kind = str("fillValue");
    if (cells.length > 0 && RECOMMEND_KINDS.includes(kind as RecommendKind)) {
      return recommend(kind as RecommendKind, new Set(cells.map((c) => `${c.model}.${c.grade}`)));
    }
    const amount = typedNumber(price, 1, BID_LIMITS.priceMax);
    if (typeof amount !== "number" || cells.length === 0) {
      return answer(
        { errors: { fillPrice: t("buybackBids.fill.price", { max: BID_LIMITS.priceMax }) } },
        422,
      );
    }
    const next = { ...values };
    for (const c of cells) {
      next[field.price(c.model, c.grade)] = String(amount);
      next[field.on(c.model, c.grade)] = "1";
    }
    return answer({
      values: next,
      notice: t("buybackBids.fill.done", { count: cells.length, price: amount }),
    });
  }
  if (intent === "clear") {
    const cleared = Object.fromEntries(Object.keys(values).map((k) => [k, ""]));
    return answer({ values: cleared, notice: t("buybackBids.notices.cleared") });
  }
  if (intent === "enableAll" || intent === "disableAll") {
    const next = { ...values };
    let count = 0;
    for (const m of rows) {
      for (const g of BUYBACK_GRADES) {
        const on = intent === "enableAll" && (next[`price.${m}.${g}`] ?? "").trim() !== "";
        next[`on.${m}.${g}`] = on ? "1" : "";
        if (on) count += 1;
      }
    }
    return answer({
      values: next,
      notice:
        intent === "enableAll"
          ? t("buybackBids.notices.enabled", { count })
          : t("buybackBids.notices.disabled"),
    });
  }
  if (intent.startsWith("add:") || intent === "addAll") {
    const adding =
      intent === "addAll"
        ? list.models.map((m) => m.id).filter((id) => !rows.includes(id))
        : [Number(intent.slice(4))].filter((id) => names.has(id) && !rows.includes(id));
    const name = names.get(adding[0] ?? 0) ?? "";
    return answer({
      rows: [...rows, ...adding],
      notice:
        intent === "addAll"
          ? t("buybackBids.notices.addedAll", { count: adding.length })
          : t("buybackBids.notices.added", { model: name }),
    });
  }
  if (intent === "recommendAsk") return answer({ ask: true });
  if (intent === "recommendApply") {
    const kind = str("kind");
    if (!RECOMMEND_KINDS.includes(kind as RecommendKind)) return answer({ ask: true }, 422);
    return recommend(kind as RecommendKind);
  }
  // recommendCancel, or anything else: the table as it was sent.
  return answer({});
}

export default function BidsPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackBids");
  const lang = langOf(params);
  const answer = actionData as ActionAnswer | undefined;
  const state = answer && "table" in answer ? answer.table : loaderData.table;
  const saved = answer && "saved" in answer ? answer.saved : null;
  const csv = answer && "csv" in answer ? answer.csv : undefined;
  const { list } = loaderData;
  const [dirty, setDirty] = useState(state.dirty);
  useEffect(() => setDirty(state.dirty), [state]);
  // Confirmed from the button under a long table: the answer is at the top, so bring it into view.
  const savedNote = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedNote.current?.scrollIntoView({ block: "center" });
  }, [saved]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <div>
        <h1 id="page-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="mt-1 max-w-3xl text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      </div>
      <BidSelectors
        key={`${list.categoryCode}-${list.modelId}-${list.ngCondition}`}
        list={list}
        lang={lang}
        dirty={dirty}
      />
      {saved && (
        <div
          ref={savedNote}
          role="status"
          className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
          data-testid="bids-saved"
        >
          <p className="font-bold">{t("notices.saved")}</p>
          <p className="mt-0.5">{t("notices.savedDetail", saved)}</p>
        </div>
      )}
      {list.models.length === 0 ? (
        <div
          className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
          data-testid="bids-no-data"
        >
          <p className="text-lg font-bold">{t("noData.title")}</p>
          <p className="mt-2 text-sm text-slate-600">{t("noData.body")}</p>
        </div>
      ) : (
        <>
          <BidForm
            key={state.nonce}
            list={list}
            state={state}
            expiry={loaderData.expiry}
            recommend={loaderData.recommend}
            onDirty={setDirty}
          />
          <BidCsvPanel
            list={list}
            lang={lang}
            answer={csv}
            maxMegabytes={BID_LIMITS.csvMaxBytes / 1024 / 1024}
          />
        </>
      )}
    </section>
  );
}
