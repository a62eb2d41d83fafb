import { data } from "react-router";
import { useTranslations } from "use-intl";
import { checkRating, rateTransaction } from "#core/trading/rate-transaction.ts";
import { type ConfirmCopy, ConfirmForm, ConfirmPanel } from "../../components/buying/confirm-form.tsx";
import { TradeHeader } from "../../components/buying/trade-header.tsx";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, redirectWithFlash } from "../../lib/request.server.ts";
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
    item: { itemId: view.itemId, title: view.title, price: view.price, photoUrl: view.photoUrl },
  };
}

/** The buyer's rating confirms receipt and cannot be undone: it is asked about first. */
export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.params);
  const { view, user } = await loadTransactionPage(args, sideOf(args.request), "review/");
  const form = await args.request.formData();
  const values = formValues(form, ["rating", "comment"] as const);
  const step = view.role === "buyer" ? confirmStepOf(form) : "confirmed";
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

function useReceiptCopy(): ConfirmCopy {
  const t = useTranslations("buying.confirmStep.receipt");
  return {
    title: t("title"),
    confirm: t("confirm"),
    body: (
      <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
        <p className="font-semibold text-slate-900">{t("check")}</p>
        <p>{t("body")}</p>
      </div>
    ),
  };
}

export default function TransactionReview({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const answer = actionData as Answer | undefined;
  const state = answer && !answer.confirm ? answer : undefined;
  const receipt = useReceiptCopy();
  const buyer = loaderData.role === "buyer";
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
        <ConfirmPanel copy={receipt} values={answer.confirm.values} />
      ) : buyer ? (
        <ConfirmForm
          intent="rate"
          testId="receipt-form"
          submitLabel={receipt.confirm}
          state={state}
          className="flex flex-col gap-4"
          copy={() => receipt}
        >
          {fields}
        </ConfirmForm>
      ) : (
        <ValidatedForm state={state} method="post" className="flex flex-col gap-4">
          {fields}
          <SubmitButton>{t("review")}</SubmitButton>
        </ValidatedForm>
      )}
    </PageCard>
  );
}
