import { Link, redirect } from "react-router";
import { addSavedCard, listSavedCards } from "#core/money/payments/saved-cards.ts";
import { SetupCarry, SetupProgress } from "../../components/account/setup-progress.tsx";
import { canEnterCards, NewCardForm } from "../../components/buying/card-fields.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, formFailure, langOf, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/credit-card";
import { setupPublish, setupTarget, stepUrl } from "./setup.server.ts";

export const meta = titleMeta("cardTopUp.setup.title");
export const handle = { back: "/setup/bank-account/", tab: "sell" };

/** The optional card step of the seller setup: save a card for buying and top-ups, or skip it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const target = setupTarget(request, lang);
  const publish = setupPublish(request);
  return {
    cards: await listSavedCards(ctx, { userId: user.id }),
    cardEntry: { provider: ctx.payments.name, publicKey: ctx.payments.publicKey },
    target,
    publish,
    next: stepUrl(lang, "complete", target, publish),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const form = await readForm(request);
  const token = String(form.get("cardToken") ?? "");
  try {
    await addSavedCard(core(context), { userId: user.id, token });
    return redirect(stepUrl(lang, "complete", setupTarget(request, lang, form), setupPublish(request, form)));
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function SetupCreditCard({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("cardTopUp");
  const { cards, cardEntry, target, publish, next } = loaderData;
  return (
    <>
      <SetupProgress step="creditCard" />
      <PageCard title={t("setup.title")} lead={t("setup.lead")}>
        {cards.length > 0 && (
          <div className="mb-5">
            <h2 className="text-sm font-bold">{t("setup.registered")}</h2>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
              {cards.map((c) => (
                <li key={c.id} className="p-3 text-sm">
                  {t("savedCard", { brand: c.brand, last4: c.last4, month: c.expMonth, year: c.expYear })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {canEnterCards(cardEntry) ? (
          <NewCardForm
            entry={cardEntry}
            submitLabel={t("setup.save")}
            formError={actionData?.formError ?? Object.values(actionData?.errors ?? {})[0]}
          >
            <SetupCarry target={target} publish={publish} />
          </NewCardForm>
        ) : (
          <p role="alert" className="text-sm">
            {t("cardEntry.unavailable")}
          </p>
        )}
        <Link
          to={next}
          data-testid="setup-skip"
          className="mt-3 flex h-12 w-full items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {cards.length > 0 ? t("setup.next") : t("setup.skip")}
        </Link>
        <p className="mt-3 text-xs text-slate-500">{t("setup.later")}</p>
      </PageCard>
    </>
  );
}
