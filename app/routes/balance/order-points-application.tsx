import { data, Form, Link, redirect } from "react-router";
import { getAddress } from "#core/account/get-address.ts";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { findPendingVoucher } from "#core/money/top-ups/find-pending-voucher.ts";
import { resentVoucher } from "#core/money/top-ups/resent-voucher.ts";
import { startVoucherTopUp, TOP_UP_MESSAGES } from "#core/money/top-ups/start-voucher-top-up.ts";
import { voucherDeadlines } from "#core/money/top-ups/voucher-deadline.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import {
  cardClass,
  NeedsAddress,
  TopUpHeading,
  usePlaceName,
} from "../../components/top-ups/voucher-parts.tsx";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-points-application";
import { checkTopUpForm, topUpInput, topUpMethodOf, topUpValues } from "./order-points.server.ts";
import { acceptedPath, orderPointsPath, topUpQuery } from "./order-points-paths.ts";

// Step 2: the order as it will be issued, and 確定, which issues the voucher through the core.

export const meta = titleMeta("topUpPages.titles.application");
export const handle = { back: "history", tab: "mypage" };

/** What stops the order from being confirmed: a voucher already waiting, or no name and phone. */
type Blocker = {
  message: string;
  pending: { id: number; method: "cvs" | "payeasy" } | null;
  address: boolean;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = topUpMethodOf(request);
  const values = topUpValues(new URL(request.url).searchParams);
  const checked = checkTopUpForm(method, values, lang);
  // Nothing or something wrong to confirm: back to step 1, which says what and keeps it.
  if (!checked.ok) throw redirect(orderPointsPath(lang, method, topUpQuery(values)));
  const ctx = core(context);
  const [pending, address] = await Promise.all([findPendingVoucher(ctx, user.id), getAddress(ctx, user.id)]);
  const blocker: Blocker | null = pending
    ? {
        message: renderMessage(TOP_UP_MESSAGES.onePending, lang),
        pending: { id: pending.id, method: pending.method },
        address: false,
      }
    : address
      ? null
      : { message: renderMessage(TOP_UP_MESSAGES.needsAddress, lang), pending: null, address: true };
  return {
    method,
    store: checked.store,
    amount: checked.amount,
    days: BALANCE_LIMITS.voucherDays,
    deadline: voucherDeadlines(ctx.clock.now()).shown,
    blocker,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = topUpMethodOf(request);
  const values = topUpValues(await readForm(request));
  const ctx = core(context);
  const input = topUpInput(values);
  try {
    const topUp = await startVoucherTopUp(ctx, { userId: user.id, method, input });
    return redirect(acceptedPath(lang, method, topUp.id));
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Bad input: step 1 says what is wrong, with what was sent.
    if (error.code === "VALIDATION") return redirect(orderPointsPath(lang, method, topUpQuery(values)));
    const message = localizeError(error, lang).message;
    if (error.code === "CONFLICT") {
      // 確定 pressed twice: the second meets the voucher the first just made, which is the answer.
      const resent = await resentVoucher(ctx, { userId: user.id, method, input });
      if (resent) return redirect(acceptedPath(lang, resent.method, resent.id));
      const pending = await findPendingVoucher(ctx, user.id);
      const blocker: Blocker = {
        message,
        pending: pending ? { id: pending.id, method: pending.method } : null,
        address: !pending && error.reason.key === TOP_UP_MESSAGES.needsAddress.key,
      };
      return data({ blocker }, { status: 409 });
    }
    // The provider could not issue it (nothing is left waiting): try again later.
    return data(
      { blocker: { message, pending: null, address: false } satisfies Blocker },
      { status: error.status },
    );
  }
}

export default function OrderPointsApplication({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("topUpPages");
  const lang = langOf(params);
  const place = usePlaceName();
  const { method, store, amount, days, deadline } = loaderData;
  const blocker = actionData?.blocker ?? loaderData.blocker;
  const back = orderPointsPath(lang, method, topUpQuery({ store: store ?? "", amount: String(amount) }));
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <TopUpHeading title={t("titles.application")} step={2} />
      <dl className={`${cardClass} grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm`} data-testid="summary">
        <dt className="text-slate-600">{t("summary.method")}</dt>
        <dd className="text-right font-semibold">{t(`methods.${method}`)}</dd>
        {method === "cvs" && (
          <>
            <dt className="text-slate-600">{t("summary.store")}</dt>
            <dd className="text-right font-semibold" data-testid="store">
              {place({ method, store })}
            </dd>
          </>
        )}
        <dt className="self-center text-slate-600">{t("summary.amount")}</dt>
        <dd className="text-right text-2xl font-bold" data-testid="amount">
          {formatYen(amount, lang)}
        </dd>
        <dt className="text-slate-600">{t("summary.points")}</dt>
        <dd className="text-right text-lg font-bold text-brand-700" data-testid="points">
          {formatPoints(amount, lang)}
        </dd>
        <dt className="text-slate-600">{t("summary.fee")}</dt>
        <dd className="text-right">{t("summary.free")}</dd>
        <dt className="text-slate-600">{t("summary.deadline")}</dt>
        <dd className="text-right">
          {t("summary.deadlineIn", { days, date: formatDate(deadline, lang, true) })}
        </dd>
      </dl>
      {blocker ? (
        <div className="flex flex-col gap-3">
          <FormError message={blocker.message} />
          {blocker.pending && (
            <Link
              to={acceptedPath(lang, blocker.pending.method, blocker.pending.id)}
              className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
              data-testid="pending-link"
            >
              {t("confirm.viewPending")}
            </Link>
          )}
          {blocker.address && <NeedsAddress lang={lang} />}
        </div>
      ) : null}
      {!blocker?.pending && !blocker?.address && (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="store" value={store ?? ""} />
          <input type="hidden" name="amount" value={String(amount)} />
          <p className="text-sm leading-relaxed text-slate-600">{t("confirm.note")}</p>
          <SubmitButton>{t("confirm.submit")}</SubmitButton>
        </Form>
      )}
      <Link
        to={back}
        className="flex h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("confirm.edit")}
      </Link>
    </section>
  );
}
