import { Link } from "react-router";
import { CompanyTable } from "../../components/site/company-table.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/company";

export const handle = { back: "history" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("company.title"), description: t("company.description") });
}

export default function Company({ params }: Route.ComponentProps) {
  const t = useTranslations("company");
  const f = useTranslations("footer");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("lead")}</p>
      </div>
      <CompanyTable lang={lang} withContact />
      <nav aria-labelledby="related-title">
        <h2 id="related-title" className="mb-2 font-bold">
          {t("relatedTitle")}
        </h2>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <li>
            <Link to={`/${lang}/about/`} className="text-brand-700 underline">
              {f("about")}
            </Link>
          </li>
          <li>
            <Link to={`/${lang}/laws/`} className="text-brand-700 underline">
              {f("laws")}
            </Link>
          </li>
          <li>
            <Link to={`/${lang}/privacy/`} className="text-brand-700 underline">
              {f("privacy")}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
