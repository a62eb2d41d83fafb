import { Form, Link } from "react-router";
import { listSavedCards, removeSavedCard } from "#core/money/payments/saved-cards.ts";
import { FormError } from "../../components/form.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/credit-cards";

export const meta = titleMeta("buying.cardsTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return { cards: await listSavedCards(core(context), { userId: user.id }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const cardId = String((await readForm(request)).get("cardId") ?? "");
  try {
    await removeSavedCard(core(context), { userId: user.id, cardId });
    return redirectWithFlash(context, `/${lang}/settings/credit-card/`, "buying.cardRemoved");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function CreditCards({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("cardsTitle")}</h1>
      <p className="text-sm text-slate-600">{t("cardsLead")}</p>
      <FormError message={actionData?.formError} />
      {loaderData.cards.length === 0 ? (
        <EmptyState>{t("noCards")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {loaderData.cards.map((c) => (
            <li key={c.id} className="flex items-center justify-between p-4 text-sm">
              <span>
                {t("savedCard", { brand: c.brand, last4: c.last4, month: c.expMonth, year: c.expYear })}
              </span>
              <Form method="post">
                <input type="hidden" name="cardId" value={c.id} />
                <button type="submit" className="text-danger-600 underline">
                  {t("removeCard")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/${lang}/settings/credit-card/add/`}
        className="flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
      >
        {t("addCard")}
      </Link>
    </div>
  );
}
