import { Form, Link, redirect } from "react-router";
import { SUPPORT_CATEGORIES } from "#core/support/categories.ts";
import { claimInquiry } from "#core/support/claim-inquiry.ts";
import type { InquiryState } from "#core/support/inquiry-states.ts";
import { listSupportQueue } from "#core/support/list-support-queue.ts";
import { FormError } from "../../components/form.tsx";
import { ScrollRegion } from "../../components/scroll-region.tsx";
import { useAge } from "../../components/staff/age.ts";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { InquiryStateBadge } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/support";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("support.staff.title", { noindex: true });

const STATES = ["OPEN", "ANSWERED", "CLOSED"] as const satisfies readonly InquiryState[];

function filterOf(request: Request) {
  const q = new URL(request.url).searchParams;
  const page = Number(q.get("page") ?? "1");
  return {
    state: q.get("state") ?? "",
    category: q.get("category") ?? "",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "support:read");
  const filter = filterOf(request);
  const queue = await listSupportQueue(core(context), {
    actor,
    filter: { state: filter.state, category: filter.category },
    page: filter.page,
  });
  return {
    filter,
    me: actor.id,
    ...queue,
    rows: queue.rows.map((r) => ({
      ...r,
      lastMessageAt: r.lastMessageAt.toISOString(),
      claim: r.claim && { operatorId: r.claim.operatorId, nickname: r.claim.nickname },
    })),
  };
}

/** "Take it": the operator claims the inquiry and goes to it; if someone was quicker, they are told who. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "support:read");
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  try {
    const inquiryId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0;
    await claimInquiry(core(context), { actor, inquiryId, meta: requestMeta(context) });
    return redirect(`/${lang}/staff/support/${inquiryId}/`);
  } catch (error) {
    return formFailure(error, lang, { id });
  }
}

export default function StaffSupportQueue({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support");
  const age = useAge();
  const lang = langOf(params);
  const { filter, rows, total, page, pageCount, me } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("staff.title")}</h1>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label={t("staff.filters")}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("staff.state")}
          <select
            name="state"
            defaultValue={filter.state}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm font-normal"
          >
            <option value="">{t("staff.allStates")}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("staff.category")}
          <select
            name="category"
            defaultValue={filter.category}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm font-normal"
          >
            <option value="">{t("staff.allCategories")}</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c.code} value={c.code}>
                {t(`categories.${c.code}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("staff.apply")}
        </button>
        <p className="ml-auto text-sm text-slate-600" data-testid="queue-total">
          {t("staff.total", { count: total })}
        </p>
      </Form>
      <FormError message={actionData?.formError} />
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t("staff.empty")}
        </p>
      ) : (
        <ScrollRegion
          label={t("staff.title")}
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[56rem] text-left text-sm" data-testid="support-queue">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.id")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.category")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.subject")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.member")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.age")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.claimedBy")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.state")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("staff.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr
                  key={r.id}
                  data-testid="queue-row"
                  data-id={r.id}
                  data-overdue={r.overdue || undefined}
                  className={r.overdue ? "bg-red-50" : undefined}
                >
                  <td className="px-3 py-2 tabular-nums">{r.id}</td>
                  <td className="px-3 py-2">{t(`categories.${r.category as "other"}`)}</td>
                  <td className="max-w-xs px-3 py-2">
                    <Link
                      to={`/${lang}/staff/support/${r.id}/`}
                      className="font-semibold break-words text-brand-700 underline"
                    >
                      {r.subject}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {r.member
                      ? r.member.nickname
                      : t("staff.visitor", { name: r.visitor?.name ?? "", email: r.visitor?.email ?? "" })}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {r.waitingMs === null ? (
                      <span className="text-slate-500">{formatDate(r.lastMessageAt, lang, true)}</span>
                    ) : (
                      <span className={r.overdue ? "font-bold text-danger-700" : undefined}>
                        {age(r.waitingMs)}
                        {r.overdue && (
                          <span
                            title={t("staff.overdue")}
                            className="ml-1 rounded bg-danger-600 px-1.5 py-0.5 text-[10px] font-bold text-white"
                          >
                            {t("staff.overdueShort")}
                          </span>
                        )}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {r.claim ? (
                      <span className={r.claim.operatorId === me ? "font-semibold" : undefined}>
                        {r.claim.nickname}
                      </span>
                    ) : (
                      <span className="text-slate-500">{t("staff.unclaimed")}</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <InquiryStateBadge state={r.state} audience="staff" />
                  </td>
                  <td className="px-3 py-2">
                    {!r.claim && r.state !== "CLOSED" && (
                      <Form method="post">
                        <input type="hidden" name="id" value={r.id} />
                        <button
                          type="submit"
                          className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                        >
                          {t("staff.claim")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} pages={pageCount} />
    </div>
  );
}
