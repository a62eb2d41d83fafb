import { data } from "react-router";
import { checkRating, rateTransaction } from "#core/trading/rate-transaction.ts";
import { type ConfirmCopy, ConfirmForm, ConfirmPanel } from "../../components/buying/confirm-form.tsx";
import { TradeHeader } from "../../components/buying/trade-header.tsx";
import { FormError, PageCard, TextField } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction-review";
import { confirmation, confirmStepOf, loadTransactionPage } from "./transaction.server.ts";

export const meta = titleMeta("buying.reviewTitle");
export const handle = { back: "history", tab: "mypage" };

const sideOf = (request: Request) =>
  new URL(request.url).pathname.includes("/transactions/seller") ? "seller" : "buyer";

export async function loader(args: Route.LoaderArgs) {
  const { view } = await loadTransactionPage(args, sideOf(args.request), "review/");
  return {
    state: view.state,
    role: view.role,
    // The seller rates once the buyer has (the state machine's rule): before that, the page says so.
    canRate: view.actions.includes(view.role === "seller" ? "rate_by_seller" : "rate_by_buyer"),
    item: { itemId: view.itemId, title: view.title, price: view.price, photoUrl: view.photoUrl },
  };
}

/**
 * Neither rating can be undone: the buyer's confirms receipt, the seller's completes the sale and
 * releases the proceeds. Both are asked about first.
 */
export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.params);
  const { view, user } = await loadTransactionPage(args, sideOf(args.request), "review/");
  const form = await readForm(args.request);
  const values = formValues(form, ["rating", "comment"] as const);
  const step = confirmStepOf(form);
  if (step === "back") return data<FormState>({ values });
  const ctx = core(args.context);
  try {
    if (step === "ask") {
      await checkRating(ctx, { actor: user, transactionId: view.id, input: values });
      return confirmation("rate", form);
    }
    await rateTransaction(ctx, { actor: user, transactionId: view.id, input: values });
    const side = view.role === "seller" ? "seller" : "buyer";
    return redirectWithFlash(
      args.context,
      `/${lang}/items/${view.itemId}/transactions/${side}/`,
      "buying.rated",
    );
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

type Answer =
  | (FormState & { confirm?: undefined })
  | { confirm: { intent: string; values: [string, string][] } };

/** What the confirmation says: for the buyer, about receipt; for the seller, about completing the sale. */
function useRatingCopy(role: "buyer" | "seller"): ConfirmCopy {
  const t = useTranslations("buying.confirmStep");
  if (role === "seller") {
    return {
      title: t("sellerRating.title"),
      confirm: t("sellerRating.confirm"),
      body: <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("sellerRating.body")}</p>,
    };
  }
  return {
    title: t("receipt.title"),
    confirm: t("receipt.confirm"),
    body: (
      <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
        <p className="font-semibold text-slate-900">{t("receipt.check")}</p>
        <p>{t("receipt.body")}</p>
      </div>
    ),
  };
}

export default function TransactionReview({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const answer = actionData as Answer | undefined;
  const state = answer && !answer.confirm ? answer : undefined;
  const buyer = loaderData.role === "buyer";
  const copy = useRatingCopy(buyer ? "buyer" : "seller");
  const chosen = state?.values?.rating ?? "good";
  const fields = (
    <>
      <FormError message={state?.formError} />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">{t("rating")}</legend>
        {(["good", "normal", "bad"] as const).map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="rating" value={r} defaultChecked={chosen === r} className="size-5" />
            {t(r === "good" ? "ratingGood" : r === "normal" ? "ratingNormal" : "ratingBad")}
          </label>
        ))}
      </fieldset>
      <TextField
        name="comment"
        label={t("comment")}
        optional
        defaultValue={state?.values?.comment ?? ""}
        error={state?.errors?.comment}
      />
    </>
  );
  return (
    <PageCard title={t("reviewTitle")} lead={<TradeHeader view={loaderData.item} lang={lang} />}>
      {answer?.confirm ? (
        <ConfirmPanel copy={copy} values={answer.confirm.values} />
      ) : buyer || loaderData.canRate ? (
        <ConfirmForm
          intent="rate"
          testId={buyer ? "receipt-form" : "rating-form"}
          submitLabel={buyer ? copy.confirm : t("review")}
          state={state}
          className="flex flex-col gap-4"
          copy={() => copy}
        >
          {fields}
        </ConfirmForm>
      ) : (
        <p className="rounded-lg bg-brand-50 p-4 text-sm text-brand-800" data-testid="rate-after-buyer">
          {t("rateAfterBuyer")}
        </p>
      )}
    </PageCard>
  );
}
