import { data, Link } from "react-router";
import { finishCardTopUp } from "#core/money/top-ups/card-top-up.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { PageCard } from "../../components/form.tsx";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-points-card-result";

export const meta = titleMeta("cardTopUp.result.title");
export const handle = { back: "/balance/", tab: "mypage" };

/**
 * Back from the card issuer (or looking again): the redirect proves nothing, so the provider is
 * asked for the verdict and the points credited once, or the reason shown.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw data("Page not found", { status: 404 });
  const ctx = core(context);
  const view = await orNotFound(() =>
    finishCardTopUp(ctx, {
      userId: user.id,
      topUpId: Number(id),
      returnUrl: `${ctx.publicUrl}/${lang}/balance/order-points/card/result/?id=${id}`,
    }),
  );
  return {
    state: view.state,
    amount: view.amount,
    points: view.points,
    paidAt: view.paidAt ? formatDate(view.paidAt, lang, true) : null,
    card: view.card,
    failure: view.failure ? renderMessage(view.failure, lang) : null,
    challengeUrl: view.challengeUrl,
  };
}

export default function OrderPointsCardResult({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("cardTopUp");
  const lang = langOf(params);
  const { state, amount, points, paidAt, card, failure, challengeUrl } = loaderData;
  const waiting = state === "PENDING";
  const title =
    state === "PAID"
      ? t("result.paidTitle")
      : challengeUrl
        ? t("result.secureTitle")
        : waiting
          ? t("result.processingTitle")
          : t("result.failedTitle");
  return (
    <PageCard title={title}>
      <div className="flex flex-col gap-4" data-testid="top-up-state" data-state={state}>
        {state === "PAID" && (
          <p className="text-base font-semibold text-emerald-700" role="status">
            {t("result.paidBody", { points: formatPoints(amount, lang) })}
          </p>
        )}
        {failure && (
          <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-danger-600">
            <p className="font-semibold">{failure}</p>
            <p className="mt-1">{t("result.failedBody")}</p>
          </div>
        )}
        {waiting && (
          <p className="text-sm text-slate-700">
            {challengeUrl ? t("result.secureBody") : t("result.processingBody")}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{t("result.charged")}</dt>
          <dd className="text-right text-lg font-bold">{formatYen(amount, lang)}</dd>
          {card && (
            <>
              <dt className="text-slate-600">{t("result.card")}</dt>
              <dd className="text-right">
                {card.brand} •••• {card.last4}
              </dd>
            </>
          )}
          {paidAt && (
            <>
              <dt className="text-slate-600">{t("result.paidAt")}</dt>
              <dd className="text-right">{paidAt}</dd>
            </>
          )}
          <dt className="text-slate-600">{t("balance")}</dt>
          <dd className="text-right text-lg font-bold" data-testid="points">
            {formatPoints(points, lang)}
          </dd>
        </dl>
        {challengeUrl && (
          <a
            href={challengeUrl}
            className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
          >
            {t("result.secureGo")}
          </a>
        )}
        {!waiting && state !== "PAID" && (
          <Link
            to={`/${lang}/balance/order-points/card/`}
            className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
          >
            {t("result.again")}
          </Link>
        )}
        <Link
          to={`/${lang}/balance/`}
          className="flex h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("result.toBalance")}
        </Link>
      </div>
    </PageCard>
  );
}
