import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { type QueueName, queueSummaries } from "#core/staff/queues.ts";
import { targetHours, useAge } from "../../components/staff/age.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("backOffice.dashboard.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params));
  return { queues: await queueSummaries(core(context), { actor }) };
}

/** Where each queue is worked, under /{lang}/staff/ (most queues have a page of their own name). */
const QUEUE_PATHS: Partial<Record<QueueName, string>> = {
  payouts: "payouts/?state=AWAITING_APPROVAL",
  moneyAlerts: "money-alerts/",
};

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
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {loaderData.queues.map((q) => (
          <li
            key={q.queue}
            data-testid={`queue-${q.queue}`}
            className={`flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ${q.overdue ? "ring-2 ring-danger-500" : "ring-slate-200"}`}
          >
            <h2 className="text-sm font-bold text-slate-700">
              {q.queue === "payouts" || q.queue === "moneyAlerts"
                ? money(`queues.${q.queue}`)
                : q.queue === "buyback"
                  ? buyback("grading.queueName")
                  : t(`queues.${q.queue}`)}
            </h2>
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
