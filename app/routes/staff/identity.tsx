import { Form, Link, useLocation } from "react-router";
import { claimIdentityReview } from "#core/account/identity-review-claim.ts";
import { type IdentityReviewRow, listIdentityReviews } from "#core/account/identity-review-queue.ts";
import { FormError } from "../../components/form.tsx";
import { targetHours } from "../../components/staff/age.ts";
import { DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { QueueAge } from "../../components/staff/queue-age.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/identity";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("identityReview.queue.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "identity:review");
  const url = new URL(request.url);
  const query = {
    page: url.searchParams.get("page")?.slice(0, 8) || undefined,
    sort: url.searchParams.get("sort")?.slice(0, 16) || undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) || undefined,
  };
  return {
    me: actor.id,
    queue: await listIdentityReviews(core(context), { actor, query }),
  };
}

/** "Take it" on a row: the operator claims the check; if someone was quicker, the page says who. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "identity:review");
  const form = await readForm(request);
  const raw = String(form.get("checkId") ?? "");
  const checkId = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
  try {
    await claimIdentityReview(core(context), { actor, checkId, meta: requestMeta(context) });
  } catch (error) {
    return formFailure(error, lang, { checkId: raw });
  }
  return redirectWithFlash(
    context,
    `/${lang}/staff/identity/${new URL(request.url).search}`,
    "identityReview.flash.claimed",
  );
}

/**
 * The identity-verification review queue: checks whose verified name is not the registered one,
 * oldest first (or by the column chosen), those past the 48-hour target marked; sorting and paging
 * in the address (plain links).
 */
export default function StaffIdentityQueue({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("identityReview");
  const lang = langOf(params);
  const { search } = useLocation();
  const { rows, total, page, pages, targetMs, sort, dir } = loaderData.queue;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("queue.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="identity-count">
          {t("queue.total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("queue.lead", { hours: targetHours(targetMs) })}</p>
      <FormError message={actionData?.formError} />
      <DataTable<IdentityReviewRow>
        caption={t("queue.title")}
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty={t("queue.empty")}
        rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
        sort={{ sort, dir }}
        columns={[
          {
            id: "id",
            sortable: true,
            header: t("queue.number"),
            cell: (r) => (
              <Link
                to={`/${lang}/staff/identity/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.id}
              </Link>
            ),
          },
          {
            id: "member",
            header: t("queue.member"),
            className: "min-w-40",
            cell: (r) => (
              <span className="flex flex-col">
                <span className="break-words">{r.member.nickname}</span>
                <span className="text-xs text-slate-500">
                  {t("detail.memberId", { id: String(r.member.id) })}
                </span>
              </span>
            ),
          },
          { id: "provider", header: t("queue.provider"), cell: (r) => r.provider },
          {
            id: "submitted",
            sortable: true,
            header: t("queue.submitted"),
            className: "whitespace-nowrap",
            cell: (r) => formatDate(r.createdAt, lang, true),
          },
          {
            id: "age",
            header: t("queue.age"),
            className: "whitespace-nowrap",
            cell: (r) => (
              <QueueAge
                ageMs={r.ageMs}
                overdue={r.overdue}
                overdueLabel={t("queue.overdue")}
                testId={`age-${r.id}`}
              />
            ),
          },
          {
            id: "claim",
            header: t("queue.claim"),
            className: "whitespace-nowrap",
            cell: (r) =>
              r.claim ? (
                <span
                  data-testid={`claim-${r.id}`}
                  className={r.claim.operatorId === loaderData.me ? "font-semibold" : undefined}
                >
                  {r.claim.nickname}
                </span>
              ) : (
                <Form method="post" action={`/${lang}/staff/identity/${search}`}>
                  <input type="hidden" name="checkId" value={r.id} />
                  <button
                    type="submit"
                    className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                    aria-label={`${t("queue.claimAction")} ${r.id}`}
                  >
                    {t("queue.claimAction")}
                  </button>
                </Form>
              ),
          },
        ]}
      />
      <Pager page={page} pages={pages} />
    </div>
  );
}
