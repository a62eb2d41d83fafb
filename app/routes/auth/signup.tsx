import { Link, redirect, useLocation } from "react-router";
import { ProviderButtons } from "../../components/account/provider-buttons.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf, requestInfo, safeRedirect } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup";

export const meta = titleMeta("signup.title");
export const handle = { back: "/", tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  if (requestInfo(context).user) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), langOf(params)));
  }
  return null;
}

export function Agreement({ lang }: { lang: string }) {
  const t = useTranslations("signup");
  return (
    <p className="text-xs leading-relaxed text-slate-500">
      {t.rich("agreement", {
        terms: (chunks) => (
          <Link to={`/${lang}/terms-of-service/`} className="text-brand-700 underline">
            {chunks}
          </Link>
        ),
        privacy: (chunks) => (
          <Link to={`/${lang}/privacy/`} className="text-brand-700 underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}

export default function Signup({ params }: Route.ComponentProps) {
  const t = useTranslations("signup");
  const lang = params.lang;
  // Where the visitor was going (`?redirect=`) travels with them to the e-mail step and to log in.
  const { search } = useLocation();
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <div className="flex flex-col gap-5">
        <Link
          to={`/${lang}/signup/email/${search}`}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700"
        >
          {t("withEmail")}
        </Link>
        <ProviderButtons lang={lang} />
        <Agreement lang={lang} />
        <p className="border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
          {t("haveAccount")}{" "}
          <Link to={`/${lang}/login/${search}`} className="font-semibold text-brand-700 underline">
            {t("login")}
          </Link>
        </p>
      </div>
    </PageCard>
  );
}
