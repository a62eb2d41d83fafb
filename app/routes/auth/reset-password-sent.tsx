import { Link } from "react-router";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reset-password-sent";

export const meta = titleMeta("resetPassword.sentTitle");
export const handle = { back: "/login/", tab: "mypage" };

export default function ResetPasswordSent({ params }: Route.ComponentProps) {
  const t = useTranslations("resetPassword");
  return (
    <PageCard title={t("sentTitle")}>
      <p className="text-sm leading-relaxed text-slate-700">{t("sentBody")}</p>
      <p className="mt-3 text-sm leading-relaxed text-slate-500">{t("sentHint")}</p>
      <Link
        to={`/${params.lang}/reset-password/`}
        className="mt-6 flex h-12 items-center justify-center rounded-full border border-slate-300 font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("again")}
      </Link>
    </PageCard>
  );
}
