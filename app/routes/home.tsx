import { Link, useRouteLoaderData } from "react-router";
import { useTranslations } from "use-intl";
import type { RootData } from "../components/shell/shell.tsx";
import { translator } from "../i18n/index.ts";
import { localeOf, seo } from "../lib/seo.ts";
import type { Route } from "./+types/home";

export const handle = { tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("home.title") });
}

function Feature({ title, body }: { title: string; body: string }) {
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="font-bold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
    </li>
  );
}

export default function Home({ params }: Route.ComponentProps) {
  const t = useTranslations("home");
  const root = useRouteLoaderData("root") as RootData | undefined;
  const lang = params.lang;
  const user = root?.user;
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-10 text-white sm:px-10 sm:py-14">
        {user && (
          <p className="mb-3 text-sm font-medium text-brand-100">
            {t("welcome", { nickname: user.nickname })}
          </p>
        )}
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{t("heroTitle")}</h1>
        <p className="mt-4 max-w-2xl text-sm leading-relaxed text-brand-50 sm:text-base">{t("heroBody")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          {user ? (
            <Link
              to={`/${lang}/mypage/`}
              className="inline-flex h-12 items-center rounded-full bg-white px-6 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("ctaMypage")}
            </Link>
          ) : (
            <>
              <Link
                to={`/${lang}/signup/`}
                className="inline-flex h-12 items-center rounded-full bg-white px-6 font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t("ctaSignup")}
              </Link>
              <Link
                to={`/${lang}/login/`}
                className="inline-flex h-12 items-center rounded-full border border-white/60 px-6 font-semibold text-white hover:bg-white/10"
              >
                {t("ctaLogin")}
              </Link>
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-xl font-bold">
          {t("featuresTitle")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          <Feature title={t("feature1Title")} body={t("feature1Body")} />
          <Feature title={t("feature2Title")} body={t("feature2Body")} />
          <Feature title={t("feature3Title")} body={t("feature3Body")} />
        </ul>
      </section>
      <section
        aria-labelledby="mission-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="mission-title" className="text-xl font-bold">
          {t("missionTitle")}
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-slate-600">{t("missionBody")}</p>
      </section>
    </div>
  );
}
