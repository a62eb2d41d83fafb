import { SettingsMenu } from "../../components/account/settings-menu.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const meta = titleMeta("mypage.settings");
export const handle = { tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request, langOf(params));
  return null;
}

/** `/settings/`: the index of the account's settings pages. */
export default function Settings({ params }: Route.ComponentProps) {
  const t = useTranslations("mypage");
  const lang = params.lang === "en" ? "en" : "ja";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("settings")}</h1>
      <SettingsMenu lang={lang} />
    </div>
  );
}
