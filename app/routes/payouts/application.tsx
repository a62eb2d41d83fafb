import { data, Form, redirect } from "react-router";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { quotePayout } from "#core/money/payouts/quote-payout.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import {
  AmountRows,
  ButtonLink,
  Card,
  DestinationDetails,
  formatBankDay,
} from "../../components/payouts/payout-parts.tsx";
import { formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm, requireUser } from "../../lib/request.server.ts";
import { seo } from "../../lib/seo.ts";
import type { Route } from "./+types/application";
import { isRequestKey, payoutMethodOf, payoutPath } from "./payout-method.ts";

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: translator(langOf(args.params))("payoutPages.confirmTitle") });
}
export const handle = { back: "history", tab: "mypage" };
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The confirm step: `?amount=&key=` from the first step, checked again here; nothing moves yet. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const url = new URL(request.url);
  const amount = (url.searchParams.get("amount") ?? "").slice(0, 20);
  const requestKey = url.searchParams.get("key") ?? "";
  // Not from our first step (opened directly, a key made up): start there.
  if (!isRequestKey(requestKey) || amount === "") throw redirect(payoutPath(lang, method));
  const ctx = core(context);
  try {
    const quote = await quotePayout(ctx, { userId: user.id, method, input: { amount } });
    return { method, amount, requestKey, quote, problem: null, atmCodeHours: BALANCE_LIMITS.atmCodeHours };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The proceeds or the destination changed since the first step: say so, change nothing.
    const text = localizeError(error, lang);
    const problem = Object.values(text.fields)[0] ?? text.message;
    return data(
      { method, amount, requestKey, quote: null, problem, atmCodeHours: BALANCE_LIMITS.atmCodeHours },
      { status: error.status },
    );
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const values = formValues(await readForm(request), ["amount", "requestKey"] as const);
  if (!isRequestKey(values.requestKey)) return redirect(payoutPath(lang, method));
  try {
    const { payout, repeated } = await requestPayout(core(context), {
      userId: user.id,
      method,
      input: { amount: values.amount },
      requestKey: values.requestKey,
    });
    return redirect(`${payoutPath(lang, method, "finish/")}?id=${payout.id}${repeated ? "&repeated=1" : ""}`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function PayoutApplication({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("payoutPages");
  const lang = langOf(params);
  const { method, quote, amount, requestKey } = loaderData;
  const failed = actionData as FormState | undefined;
  const problem = failed?.formError ?? failed?.errors?.amount ?? loaderData.problem;
  const back = `${payoutPath(lang, method)}?${new URLSearchParams({ amount })}`;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <div>
        <p className="text-sm font-semibold text-brand-700">{t(`methodName.${method}`)}</p>
        <h1 id="page-title" className="text-2xl font-bold">
          {t("confirmTitle")}
        </h1>
      </div>
      <FormError message={problem ?? undefined} />
      {quote ? (
        <>
          <p className="text-sm leading-relaxed text-slate-600">{t("confirmLead")}</p>
          <Card>
            <AmountRows amount={quote.amount} fee={quote.fee} lang={lang} />
            <p className="mt-3 text-xs text-slate-500">
              {t("proceeds")}: {formatYen(quote.proceeds, lang)} →{" "}
              {formatYen(quote.proceeds - quote.total, lang)}
            </p>
          </Card>
          {quote.destination && (
            <Card
              title={method === "kyash" ? t("destinationKyash") : t("destination")}
              id="destination-title"
            >
              <DestinationDetails destination={quote.destination} lang={lang} />
            </Card>
          )}
          <Card title={method === "seven" ? t("destinationSeven") : t("timing")} id="timing-title">
            <p className="text-sm leading-relaxed" data-testid="timing">
              {method === "bank"
                ? quote.needsApproval
                  ? t("timingApproval")
                  : quote.usualTransferDate
                    ? t("timingBankDate", { date: formatBankDay(quote.usualTransferDate, lang) })
                    : t("timingBankGeneral")
                : method === "seven"
                  ? t("timingSeven", { hours: loaderData.atmCodeHours })
                  : t("timingKyash")}
            </p>
          </Card>
          <Form
            method="post"
            action={`${payoutPath(lang, method, "application/")}?${new URLSearchParams({ amount, key: requestKey })}`}
            className="flex flex-col gap-3"
          >
            <input type="hidden" name="amount" value={String(quote.amount)} />
            <input type="hidden" name="requestKey" value={requestKey} />
            <SubmitButton>{t("confirm")}</SubmitButton>
            <ButtonLink to={back}>{t("fix")}</ButtonLink>
          </Form>
        </>
      ) : (
        <ButtonLink to={back}>{t("backToStart")}</ButtonLink>
      )}
    </section>
  );
}
