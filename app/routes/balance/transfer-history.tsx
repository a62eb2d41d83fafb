import { Link } from "react-router";
import { type HistoryEntry, listTransferHistory } from "#core/money/balance/transfer-history.ts";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { payoutPath, pointsPurchasePath, topUpPath } from "../../lib/balance-links.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transfer-history";

export const meta = titleMeta("balancePages.history.title");
export const handle = { back: "/balance/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  // A cursor is an entry id; anything else (a stale, foreign or made-up value) starts from the top.
  const raw = new URL(request.url).searchParams.get("before") ?? "";
  const before = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
  return listTransferHistory(core(context), { userId: user.id, before });
}

const KINDS = [
  "sale_proceeds",
  "escrow",
  "escrow_return",
  "points_top_up",
  "points_purchase",
  "payout",
  "payout_returned",
  "free_points_granted",
  "free_points_expired",
] as const;
type Kind = (typeof KINDS)[number] | "payout_auto" | "other";

/** What the entry was, in words: its kind, or failing that what caused it. */
function kindOf(h: HistoryEntry): Kind {
  if (h.kind === "payout" && h.cause.type === "payout" && h.cause.automatic) return "payout_auto";
  const known = KINDS.find((k) => k === h.kind);
  if (known) return known;
  if (h.cause.type === "top_up") return "points_top_up";
  if (h.cause.type === "payout") return "payout";
  return "other";
}

type TxState =
  | "INVALID"
  | "AUTH"
  | "START"
  | "PENDING"
  | "CANCELING"
  | "CANCELED"
  | "SHIPPING"
  | "REVIEWED_BY_BUYER"
  | "COMPLETED";

function signed(n: number, format: (abs: number) => string): string {
  return `${n > 0 ? "+" : "-"}${format(Math.abs(n))}`;
}

function Row({ h, lang }: { h: HistoryEntry; lang: "ja" | "en" }) {
  const t = useTranslations("balancePages");
  const codes = useTranslations("codes.transactionState");
  const yen = (n: number) => formatYen(n, lang);
  const pts = (n: number) => formatPoints(n, lang);
  const deltas = [
    { key: "proceeds", label: t("proceeds.title"), n: h.proceeds, text: signed(h.proceeds, yen) },
    { key: "points", label: t("points.title"), n: h.points, text: signed(h.points, pts) },
    { key: "free-points", label: t("freePoints.title"), n: h.freePoints, text: signed(h.freePoints, pts) },
  ].filter((d) => d.n !== 0);
  const c = h.cause;
  const details: string[] = [];
  let link: { to: string; label: string } | null = null;
  if (c.type === "transaction") {
    details.push(t("history.item", { title: c.title }));
    details.push(t("history.state", { state: codes(c.state as TxState) }));
    if (h.kind === "sale_proceeds" && c.fee > 0) details.push(t("history.fee", { fee: yen(c.fee) }));
    if (h.kind === "sale_proceeds" && c.courierFee > 0) {
      details.push(t("history.courierFee", { fee: yen(c.courierFee) }));
    }
    link = { to: `/items/${c.itemId}/transactions/`, label: t("history.link.transaction") };
  } else if (c.type === "top_up") {
    details.push(t(`topUpMethod.${c.method as "cvs"}`));
    details.push(t("history.state", { state: t(`topUpState.${c.state as "PAID"}`) }));
    link = { to: topUpPath(c.method, c.topUpId), label: t("history.link.topUp") };
  } else if (c.type === "payout") {
    details.push(t(`payoutMethod.${c.method as "bank"}`));
    details.push(t("history.amountArrived", { amount: yen(c.amount) }));
    details.push(t("history.fee", { fee: yen(c.fee) }));
    details.push(t("history.state", { state: t(`payoutState.${c.state as "PAID"}`) }));
    link = { to: payoutPath(c.method, c.payoutId), label: t("history.link.payout") };
  } else if (h.kind === "points_purchase") {
    link = { to: pointsPurchasePath(h.entryId), label: t("history.link.pointsPurchase") };
  }
  return (
    <li className="flex flex-col gap-1 p-4" data-testid="history-row" data-kind={h.kind}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{t(`history.kind.${kindOf(h)}`)}</p>
          <p className="text-xs text-slate-600">{formatDate(h.at, lang, true)}</p>
        </div>
        <dl className="shrink-0 text-right">
          {deltas.map((d) => (
            <div key={d.key} className="flex items-baseline justify-end gap-2">
              <dt className="text-xs text-slate-600">{d.label}</dt>
              <dd
                className={`font-bold tabular-nums ${d.n < 0 ? "text-slate-900" : "text-emerald-700"}`}
                data-testid={`delta-${d.key}`}
              >
                {d.text}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {details.length > 0 && <p className="text-sm break-words text-slate-700">{details.join(" ・ ")}</p>}
      {link && (
        <Link
          to={`/${lang}${link.to}`}
          className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand-700 underline"
        >
          {link.label}
        </Link>
      )}
    </li>
  );
}

export default function TransferHistory({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("balancePages");
  const lang = langOf(params);
  const { items, nextCursor } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("history.title")}</h1>
      {items.length === 0 ? (
        <EmptyState>{t("history.empty")}</EmptyState>
      ) : (
        <ul
          aria-label={t("history.listLabel")}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {items.map((h) => (
            <Row key={h.entryId} h={h} lang={lang} />
          ))}
        </ul>
      )}
      {nextCursor && (
        <Link
          to={`/${lang}/balance/transfer-history/?before=${nextCursor}`}
          rel="next"
          className="flex h-12 items-center justify-center rounded-full border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50"
          data-testid="next-page"
        >
          {t("history.next")}
        </Link>
      )}
    </div>
  );
}
