import { addSavedCard } from "#core/money/payments/saved-cards.ts";
import { canEnterCards, NewCardForm } from "../../components/buying/card-fields.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  readForm,
  redirectWithFlash,
  requireUser,
  safeRedirect,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/credit-card-add";

export const meta = titleMeta("buying.addCardTitle");
export const handle = { back: "/settings/credit-card/", tab: "mypage" };

/** Where to go once the card is saved: back to the page that asked (`?redirect=`), or the card list. */
function backTo(request: Request, lang: "ja" | "en", posted?: FormDataEntryValue | null): string {
  const asked = typeof posted === "string" ? posted : new URL(request.url).searchParams.get("redirect");
  return asked ? safeRedirect(asked, lang) : `/${lang}/settings/credit-card/`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  requireUser(context, request, lang);
  const { name, publicKey } = core(context).payments;
  return { cardEntry: { provider: name, publicKey }, redirect: backTo(request, lang) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const form = await readForm(request);
  const token = String(form.get("cardToken") ?? "");
  try {
    await addSavedCard(core(context), { userId: user.id, token });
    return redirectWithFlash(context, backTo(request, lang, form.get("redirect")), "buying.cardAdded");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function CreditCardAdd({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("buying");
  if (!canEnterCards(loaderData.cardEntry)) {
    return (
      <PageCard title={t("addCardTitle")}>
        <p role="alert">{t("cardEntryUnavailable")}</p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("addCardTitle")}>
      <NewCardForm
        entry={loaderData.cardEntry}
        submitLabel={t("addCard")}
        formError={actionData?.formError ?? Object.values(actionData?.errors ?? {})[0]}
      >
        <input type="hidden" name="redirect" value={loaderData.redirect} />
      </NewCardForm>
    </PageCard>
  );
}
