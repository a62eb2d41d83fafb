import { Link } from "react-router";
import { getDeviceCheck } from "#core/checks/get-device-check.ts";
import { ReportDetail, reportForPage } from "../../components/checks/report-view.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, requestInfo } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/report";

export const meta = titleMeta("checks.report.title", { noindex: true });
export const handle = { back: "history" };

/**
 * A device check report and its verification: its member sees it always, anyone else once it is
 * on a listing they can see (otherwise there is no such page).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requestInfo(context).user;
  const report = await orNotFound(() =>
    getDeviceCheck(core(context), { reportId: params.id, viewer: user ? { id: user.id } : null }),
  );
  return {
    report: reportForPage(report),
    own: user?.id === report.memberId,
  };
}

export default function DeviceCheckReport({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("checks.report");
  const lang = langOf(params);
  const { report, own } = loaderData;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 font-mono text-sm text-slate-600" data-testid="report-id">
          {report.id}
        </p>
      </div>
      <ReportDetail report={report} lang={lang} />
      {report.itemId !== null ? (
        <Link
          to={`/${lang}/items/${report.itemId}/`}
          className="flex min-h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800"
          data-testid="report-listing"
        >
          {t("listing")}
        </Link>
      ) : (
        own &&
        report.standing === "genuine" && (
          <Link
            to={`/${lang}/sell/?check=${report.id}`}
            className="flex min-h-12 items-center justify-center rounded-full bg-brand-600 px-5 font-semibold text-white"
            data-testid="report-use"
          >
            {t("useForListing")}
          </Link>
        )
      )}
    </div>
  );
}
