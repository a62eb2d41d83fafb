import { Form } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { Person } from "./person-row.tsx";

/**
 * A button beside a member in a list (unfollow, unblock): it posts to their profile's action, which
 * comes back to this list with a message.
 */
export function PersonAction({
  person,
  lang,
  intent,
  label,
  back,
}: {
  person: Person;
  lang: Locale;
  intent: "unfollow" | "unblock";
  label: string;
  back: string;
}) {
  const t = useTranslations("mypageLists");
  return (
    <Form method="post" action={`/${lang}/users/${person.id}/`} className="shrink-0">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className="h-9 rounded-full border border-slate-300 bg-white px-4 text-xs font-semibold text-slate-700 hover:bg-slate-50"
      >
        {label}
        <span className="sr-only">{t("ofNickname", { nickname: person.nickname })}</span>
      </button>
    </Form>
  );
}
