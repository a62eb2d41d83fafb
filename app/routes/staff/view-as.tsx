import { Form, redirect } from "react-router";
import { startViewAs, viewAsTarget } from "#core/staff/start-view-as.ts";
import { viewAsCookie } from "#server/cookies.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, pathIdOf, secureCookies } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/view-as";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("viewAs.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "members:impersonate");
  const memberId = pathIdOf(params);
  return { member: await orNotFound(() => viewAsTarget(core(context), { actor, memberId })) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "members:impersonate");
  try {
    const { ticket } = await startViewAs(core(context), {
      actor,
      memberId: pathIdOf(params),
      meta: requestMeta(context),
    });
    return redirect(`/${lang}/mypage/`, {
      headers: { "Set-Cookie": viewAsCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** Asks before an operator starts looking at a member's pages as the member sees them. */
export default function StaffViewAs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("viewAs");
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-slate-700">{t("lead", { name: loaderData.member.nickname })}</p>
      <Form method="post">
        <button
          type="submit"
          className="h-11 rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t("start")}
        </button>
      </Form>
      {actionData?.formError && (
        <p role="alert" className="text-sm text-danger-700">
          {actionData.formError}
        </p>
      )}
    </div>
  );
}
