import { Link, redirect } from "react-router";
import { isAppError } from "#core/shared/errors.ts";
import { getInquiry } from "#core/support/get-inquiry.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/support-thanks";

export const meta = titleMeta("support.mypage.thanksTitle");
export const handle = { back: "/mypage/support/", tab: "mypage" };

/**
 * After sending: the inquiry's number and what happens next. Without an inquiry of the member's own
 * in `?id=` (opened directly, or someone else's), the member goes to the support page instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const back = redirect(`/${lang}/mypage/support/`);
  if (!/^[1-9]\d{0,14}$/.test(id)) throw back;
  try {
    const inquiry = await getInquiry(core(context), { actor, inquiryId: Number(id), view: "member" });
    return { id: inquiry.id, subject: inquiry.subject };
  } catch (error) {
    if (isAppError(error)) throw back;
    throw error;
  }
}

export default function SupportThanks({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("support.mypage");
  const lang = langOf(params);
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("thanksTitle")}
      </h1>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <p className="text-lg font-bold" data-testid="inquiry-number">
          {t("thanksNumber", { id: loaderData.id })}
        </p>
        <p className="text-sm font-semibold break-words">{loaderData.subject}</p>
        <p className="text-sm leading-relaxed text-slate-700">{t("thanksBody")}</p>
        <p className="text-sm leading-relaxed text-slate-700">{t("thanksNext")}</p>
        <Link
          to={`/${lang}/mypage/support/${loaderData.id}/`}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t("openThread")}
        </Link>
        <Link
          to={`/${lang}/mypage/support/`}
          className="text-center text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("backToList")}
        </Link>
      </div>
    </section>
  );
}
