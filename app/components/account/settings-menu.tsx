import { Link } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

/** One row of a menu of pages: the page's name and a chevron, the whole row a link. */
export function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center justify-between px-5 py-4 text-sm font-medium hover:bg-slate-50"
      >
        {children}
        <span aria-hidden="true" className="text-slate-400">
          ›
        </span>
      </Link>
    </li>
  );
}

/** The settings pages of a member's account, as on `/settings/` and my page. */
export function SettingsMenu({ lang }: { lang: "ja" | "en" }) {
  const t = useTranslations();
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <MenuLink to={`/${lang}/settings/profile/`}>{t("profile.menu")}</MenuLink>
      <MenuLink to={`/${lang}/settings/email/`}>{t("mypage.changeEmail")}</MenuLink>
      <MenuLink to={`/${lang}/settings/change-password/`}>{t("mypage.changePassword")}</MenuLink>
      <MenuLink to={`/${lang}/settings/notifications/`}>{t("notifySettings.menu")}</MenuLink>
      <MenuLink to={`/${lang}/settings/sessions/`}>{t("sessions.menu")}</MenuLink>
      <MenuLink to={`/${lang}/settings/two-step/`}>{t("twoStep.settings.title")}</MenuLink>
      <MenuLink to={`/${lang}/settings/linked-accounts/`}>{t("providers.linked.menu")}</MenuLink>
      <MenuLink to={`/${lang}/settings/passkeys/`}>{t("passkeys.menu")}</MenuLink>
      <MenuLink to={`/${lang}/settings/address/`}>{t("address.title")}</MenuLink>
      <MenuLink to={`/${lang}/settings/bank-account/`}>{t("bank.title")}</MenuLink>
      <MenuLink to={`/${lang}/settings/credit-card/`}>{t("buying.cardsTitle")}</MenuLink>
      <MenuLink to={`/${lang}/settings/sms/`}>{t("sms.title")}</MenuLink>
      <MenuLink to={`/${lang}/settings/identification/`}>{t("identification.title")}</MenuLink>
      <MenuLink to={`/${lang}/mypage/support/`}>{t("support.mypage.menu")}</MenuLink>
    </ul>
  );
}
