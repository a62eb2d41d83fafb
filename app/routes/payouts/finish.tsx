import { data, Form, Link, redirect } from "react-router";
import type { PayoutMethod } from "#core/money/balance/fees.ts";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { getMemberPayout } from "#core/money/payouts/get-member-payout.ts";
import type { PayoutState } from "#core/money/payouts/payout-states.ts";
import { withdrawPayout } from "#core/money/payouts/withdraw-payout.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { CopyNumber } from "../../components/payouts/copy-number.tsx";
import { Countdown } from "../../components/payouts/countdown.tsx";
import {
  AmountRows,
  Card,
  DestinationDetails,
  formatBankDay,
} from "../../components/payouts/payout-parts.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, requireUser } from "../../lib/request.server.ts";
import { seo } from "../../lib/seo.ts";
import type { Route } from "./+types/finish";
import { payoutMethodOf, payoutPath } from "./payout-method.ts";

export function meta(args: Route.MetaArgs) {
  const t = translator(langOf(args.params));
  const method = args.loaderData?.payout.method;
  return method ? seo(args, { title: t(`payoutPages.finishTitle.${method}`) }) : [];
}
export const handle = { back: "/balance/", tab: "mypage" };
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** `?id=`: a payout id, or no page at all. */
function payoutIdOf(request: Request): number {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw data("Page not found", { status: 404 });
  return Number(id);
}

/** The receipt of one of the member's own payouts; anyone else's is no page (404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const payoutId = payoutIdOf(request);
  const payout = await orNotFound(() => getMemberPayout(core(context), { userId: user.id, payoutId }));
  if (payout.method !== method)
    throw redirect(`${payoutPath(lang, payout.method, "finish/")}?id=${payout.id}`);
  const url = new URL(request.url);
  return {
    payout,
    repeated: url.searchParams.has("repeated"),
    canceled: url.searchParams.has("canceled"),
    approvalThreshold: BALANCE_LIMITS.approvalThreshold,
  };
}

/** The member withdraws the payout while it has not left; the money returns to the proceeds. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const payoutId = payoutIdOf(request);
  try {
    await withdrawPayout(core(context), { userId: user.id, payoutId });
    return redirect(`${payoutPath(lang, method, "finish/")}?id=${payoutId}&canceled=1`);
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

type StateWord =
  | Exclude<PayoutState, "READY" | "PAID" | "FAILED">
  | "READY_bank"
  | "READY_seven"
  | "READY_kyash"
  | "PAID_seven"
  | "PAID_kyash"
  | "FAILED_bank"
  | "FAILED_other";

function stateWord(method: PayoutMethod, state: PayoutState): StateWord {
  if (state === "READY") return `READY_${method}`;
  if (state === "PAID") return method === "kyash" ? "PAID_kyash" : "PAID_seven";
  if (state === "FAILED") return method === "bank" ? "FAILED_bank" : "FAILED_other";
  return state;
}

const RETURNED: readonly PayoutState[] = ["FAILED", "EXPIRED", "CANCELED", "REJECTED"];
const NOTED = [
  "READY_bank",
  "BATCHED",
  "SENT",
  "READY_seven",
  "READY_kyash",
  "PAID_seven",
  "PAID_kyash",
  "FAILED_bank",
] as const;

export default function PayoutFinish({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("payoutPages");
  const lang = langOf(params);
  const { payout } = loaderData;
  const failed = actionData as FormState | undefined;
  const word = stateWord(payout.method, payout.state);
  const returned = RETURNED.includes(payout.state);
  const noted = (NOTED as readonly string[]).includes(word) ? (word as (typeof NOTED)[number]) : null;
  const timing =
    payout.method !== "bank"
      ? null
      : payout.state === "AWAITING_APPROVAL"
        ? t("timingApproval")
        : payout.transferDate
          ? payout.transferDate.exact
            ? t(payout.state === "SENT" ? "timingSent" : "timingDate", {
                date: formatBankDay(payout.transferDate.date, lang),
              })
            : t("timingBankDate", { date: formatBankDay(payout.transferDate.date, lang) })
          : payout.state === "READY"
            ? t("timingBankGeneral")
            : null;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <div>
        <p className="text-sm font-semibold text-brand-700">{t(`methodName.${payout.method}`)}</p>
        <h1 id="page-title" className="text-2xl font-bold">
          {t(`finishTitle.${payout.method}`)}
        </h1>
      </div>
      {loaderData.canceled ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {t("canceled")}
        </p>
      ) : loaderData.repeated ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t("repeated")}
        </p>
      ) : (
        !returned && (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
          >
            {t("accepted")}
          </p>
        )
      )}
      <FormError message={failed?.formError} />

      {payout.method === "seven" && payout.state === "ISSUED" && payout.atm && (
        <>
          <Card>
            <dl className="flex flex-col gap-4">
              <CopyNumber name={t("receiptCode")} value={payout.atm.code} testId="receipt-code" />
              <CopyNumber
                name={t("confirmationCode")}
                value={payout.atm.confirmation}
                testId="confirmation-code"
              />
              <div className="border-t border-slate-200 pt-3">
                <dt className="text-sm text-slate-600">{t("expires")}</dt>
                <dd>
                  <span className="font-semibold" data-testid="expires">
                    {t("expiresAt", { date: formatDate(payout.atm.expiresAt, lang, true) })}
                  </span>
                  <Countdown deadline={new Date(payout.atm.expiresAt).toISOString()} />
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-500">{t("atmNote")}</p>
          </Card>
          <Card title={t("atmStepsTitle")} id="atm-steps-title">
            <ol className="list-decimal space-y-1.5 pl-5 text-sm leading-relaxed">
              <li>{t("atmStep1")}</li>
              <li>{t("atmStep2")}</li>
              <li>{t("atmStep3")}</li>
              <li>{t("atmStep4")}</li>
            </ol>
            {payout.sandboxAtm && (
              <div className="mt-4 rounded-xl bg-amber-50 p-4">
                <p className="text-xs text-amber-900">{t("sandboxAtmNote")}</p>
                <a
                  href={lang === "en" ? "/sandbox/atm/?lang=en" : "/sandbox/atm/"}
                  className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
                  data-testid="sandbox-atm"
                >
                  {t("sandboxAtm")}
                </a>
              </div>
            )}
          </Card>
        </>
      )}

      <Card title={t("receipt")} id="receipt-title">
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("state")}</dt>
          <dd className="font-bold" data-testid="state">
            {t(`states.${word}`)}
          </dd>
          <dt className="text-slate-600">{t("requestedAt")}</dt>
          <dd>{formatDate(payout.createdAt, lang, true)}</dd>
          {payout.completedAt && (
            <>
              <dt className="text-slate-600">{t("completedAt")}</dt>
              <dd>{formatDate(payout.completedAt, lang, true)}</dd>
            </>
          )}
        </dl>
        {(payout.state === "AWAITING_APPROVAL" || noted || returned) && (
          <p className="mb-4 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed" data-testid="state-note">
            {payout.state === "AWAITING_APPROVAL"
              ? t("notes.AWAITING_APPROVAL", { amount: formatYen(loaderData.approvalThreshold, lang) })
              : noted
                ? t(`notes.${noted}`)
                : null}
            {returned && t("notes.returned", { amount: formatYen(payout.total, lang) })}
          </p>
        )}
        {payout.method === "seven" && payout.state === "READY" && (
          <a
            href={`${payoutPath(lang, "seven", "finish/")}?id=${payout.id}`}
            className="mb-4 flex h-12 items-center justify-center rounded-full border border-slate-300 font-semibold"
          >
            {t("refresh")}
          </a>
        )}
        <AmountRows amount={payout.amount} fee={payout.fee} lang={lang} />
      </Card>

      {payout.destination && (
        <Card
          title={payout.method === "kyash" ? t("destinationKyash") : t("destination")}
          id="destination-title"
        >
          <DestinationDetails destination={payout.destination} lang={lang} />
          {timing && (
            <p className="mt-3 border-t border-slate-200 pt-3 text-sm" data-testid="timing">
              {timing}
            </p>
          )}
        </Card>
      )}

      {payout.cancellable && (
        <Form
          method="post"
          action={`${payoutPath(lang, payout.method, "finish/")}?id=${payout.id}`}
          className="flex flex-col gap-2"
        >
          <p className="text-xs text-slate-500">{t("cancelNote")}</p>
          <SubmitButton variant="secondary">{t("cancel")}</SubmitButton>
        </Form>
      )}
      <Link
        to={`/${lang}/balance/`}
        className="inline-flex min-h-11 items-center justify-center text-sm text-brand-700 underline"
      >
        {t("toBalance")}
      </Link>
    </section>
  );
}
