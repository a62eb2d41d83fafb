import { Link } from "react-router";
import { type DashboardFigures, dashboardFigures } from "#core/staff/dashboard-figures.ts";
import { type QueueName, queueSummaries } from "#core/staff/queues.ts";
import { targetHours, useAge } from "../../components/staff/age.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("backOffice.dashboard.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params));
  const ctx = core(context);
  const [queues, figures] = await Promise.all([
    queueSummaries(ctx, { actor }),
    dashboardFigures(ctx, { actor }),
  ]);
  return { queues, figures };
}

/** Where each queue is worked, under /{lang}/staff/ (most queues have a page of their own name). */
const QUEUE_PATHS: Partial<Record<QueueName, string>> = {
  payouts: "payouts/?state=AWAITING_APPROVAL",
  moneyAlerts: "money-alerts/",
};

/** One figure: its name, its number, a line under it, and the list it opens. */
function Figure({
  id,
  name,
  value,
  detail,
  to,
}: {
  id: string;
  name: string;
  value: string;
  detail?: string;
  to: string;
}) {
  const t = useTranslations("backOffice.dashboard");
  return (
    <li
      data-testid={`figure-${id}`}
      className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h3 className="text-sm font-bold text-slate-700">{name}</h3>
      <p className="text-3xl font-bold tabular-nums">{value}</p>
      {detail && <p className="text-sm text-slate-600">{detail}</p>}
      <Link
        to={to}
        className="mt-auto self-start pt-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("openList")}
        <span className="sr-only">: {name}</span>
      </Link>
    </li>
  );
}

/** Today's sales and GMV, payouts waiting, devices to grade, open money alerts: those the operator's roles open. */
function Figures({ figures, lang }: { figures: DashboardFigures; lang: "ja" | "en" }) {
  const t = useTranslations("backOffice.dashboard");
  const { sales, payoutsWaiting, inGrading, moneyAlerts } = figures;
  if (!sales && !payoutsWaiting && !inGrading && !moneyAlerts) return null;
  const base = `/${lang}/staff/`;
  return (
    <section aria-labelledby="figures" className="flex flex-col gap-3">
      <h2 id="figures" className="text-lg font-bold">
        {t("figures")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {sales && (
          <Figure
            id="sales"
            name={t("sales")}
            value={t("salesCount", { count: sales.count })}
            detail={`${t("gmv", { amount: formatYen(sales.gmv, lang) })} · ${t("salesNote", { day: sales.day })}`}
            to={`${base}transactions/?from=${sales.day}&to=${sales.day}`}
          />
        )}
        {payoutsWaiting && (
          <Figure
            id="payoutsWaiting"
            name={t("payoutsWaiting")}
            value={t("count", { count: payoutsWaiting.count })}
            detail={t("payoutsAmount", { amount: formatYen(payoutsWaiting.amount, lang) })}
            to={`${base}payouts/?state=READY`}
          />
        )}
        {inGrading && (
          <Figure
            id="inGrading"
            name={t("inGrading")}
            value={t("count", { count: inGrading.count })}
            to={`${base}buyback/`}
          />
        )}
        {moneyAlerts && (
          <Figure
            id="moneyAlerts"
            name={t("moneyAlerts")}
            value={t("count", { count: moneyAlerts.count })}
            to={`${base}money-alerts/`}
          />
        )}
      </ul>
    </section>
  );
}

/** Each queue the operator may work: how many items wait, how old the oldest is, and whether it is late. */
export default function StaffDashboard({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("backOffice");
  const money = useTranslations("officeMoney");
  const buyback = useTranslations("buybackOffice");
  const age = useAge();
  const lang = langOf(params);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("dashboard.title")}</h1>
      <Figures figures={loaderData.figures} lang={lang} />
      <h2 className="text-lg font-bold">{t("dashboard.queues")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {loaderData.queues.map((q) => (
          <li
            key={q.queue}
            data-testid={`queue-${q.queue}`}
            className={`flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ${q.overdue ? "ring-2 ring-danger-500" : "ring-slate-200"}`}
          >
            <h3 className="text-sm font-bold text-slate-700">
              {q.queue === "payouts" || q.queue === "moneyAlerts"
                ? money(`queues.${q.queue}`)
                : q.queue === "buyback"
                  ? buyback("grading.queueName")
                  : t(`queues.${q.queue}`)}
            </h3>
            <p className="text-3xl font-bold tabular-nums">{t("dashboard.waiting", { count: q.count })}</p>
            <p className="text-sm text-slate-600">
              {q.oldestAgeMs === null
                ? t("dashboard.none")
                : t("dashboard.oldest", { age: age(q.oldestAgeMs) })}
            </p>
            {q.overdue && (
              <p className="text-sm font-semibold text-danger-700">
                {t("dashboard.overdue", { hours: targetHours(q.targetMs) })}
              </p>
            )}
            <Link
              to={`/${lang}/staff/${QUEUE_PATHS[q.queue] ?? `${q.queue}/`}`}
              className="mt-2 self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              {t("dashboard.open")}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
