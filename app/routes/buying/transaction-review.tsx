import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { rateTransaction } from "#core/trading/rate-transaction.ts";
import { FormError, PageCard, SubmitButton, TextField } from "../../components/form.tsx";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction-review";
import { loadTransactionPage } from "./transaction.server.ts";

export const meta = titleMeta("buying.reviewTitle");
export const handle = { back: "history", tab: "mypage" };

const sideOf = (request: Request) =>
  new URL(request.url).pathname.includes("/transactions/seller") ? "seller" : "buyer";

export async function loader(args: Route.LoaderArgs) {
  const { view } = await loadTransactionPage(args, sideOf(args.request), "review/");
  return { state: view.state, role: view.role };
}

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.params);
  const { view, user } = await loadTransactionPage(args, sideOf(args.request), "review/");
  const values = formValues(await args.request.formData(), ["rating", "comment"] as const);
  try {
    await rateTransaction(core(args.context), { actor: user, transactionId: view.id, input: values });
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

export default function TransactionReview({ actionData }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const chosen = actionData?.values?.rating ?? "good";
  return (
    <PageCard title={t("reviewTitle")}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormError message={actionData?.formError} />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{t("rating")}</legend>
          {(["good", "normal", "bad"] as const).map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name="rating" value={r} defaultChecked={chosen === r} />
              {t(r === "good" ? "ratingGood" : r === "normal" ? "ratingNormal" : "ratingBad")}
            </label>
          ))}
        </fieldset>
        <TextField
          name="comment"
          label={t("comment")}
          optional
          defaultValue={actionData?.values?.comment ?? ""}
          error={actionData?.errors?.comment}
        />
        <SubmitButton>{t("review")}</SubmitButton>
      </Form>
    </PageCard>
  );
}
