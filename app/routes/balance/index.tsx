import type { ReactNode } from "react";
import { Link } from "react-router";
import { getBankAccount } from "#core/account/get-bank-account.ts";
import { getBalanceSummary } from "#core/money/balance/balance-summary.ts";
import { PAYOUT_FEES, type PayoutMethod } from "#core/money/balance/fees.ts";
import { offeredMethods } from "#core/money/offered-methods.ts";
import type { PayoutState } from "#core/money/payouts/payout-states.ts";
import { HelpLink } from "../../components/help/help-link.tsx";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { payoutPath, topUpPath } from "../../lib/balance-links.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const meta = titleMeta("balancePages.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const ctx = core(context);
  const [summary, bank] = await Promise.all([
    getBalanceSummary(ctx, { userId: user.id }),
    getBankAccount(ctx, user.id),
  ]);
  return { summary, hasBank: bank !== null, offered: offeredMethods(ctx) };
}

type TopUpMethod = "cvs" | "payeasy" | "card";

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const rowLink =
  "flex min-h-12 items-center justify-between gap-3 px-4 py-2 text-base text-slate-900 hover:bg-slate-50";

/** One kind of value: its name, the amount (big), what it is for, and its clock. */
function ValueCard({
  id,
  title,
  amount,
  testId,
  children,
}: {
  id: string;
  title: string;
  amount: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-sm font-bold text-slate-600">
        {title}
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={testId}>
        {amount}
      </p>
      <div className="mt-3 flex flex-col gap-2 text-sm leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

function Chevron() {
  return (
    <span aria-hidden="true" className="text-slate-400">
      ›
    </span>
  );
}

export default function Balance({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("balancePages");
  const lang = langOf(params);
  const { summary, hasBank } = loaderData;
  const yen = (n: number) => formatYen(n, lang);
  const pts = (n: number) => formatPoints(n, lang);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <HelpLink lang={lang} slug="points-and-proceeds" />
        <HelpLink lang={lang} slug="proceeds-deadline" />
      </div>

      <ValueCard
        id="proceeds-title"
        title={t("proceeds.title")}
        amount={yen(summary.proceeds)}
        testId="proceeds"
      >
        <p>{t("proceeds.uses")}</p>
        <p className="font-semibold text-slate-900" data-testid="proceeds-deadline">
          {summary.nextProceedsDeadline
            ? t("proceeds.deadline", {
                date: formatDate(summary.nextProceedsDeadline.at, lang),
                amount: yen(summary.nextProceedsDeadline.amount),
              })
            : t("proceeds.noDeadline")}
        </p>
        <p className="text-xs text-slate-600">{t("proceeds.deadlineNote", { fee: yen(PAYOUT_FEES.bank) })}</p>
        {!hasBank && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <p>{t("proceeds.noBank")}</p>
            <Link
              to={`/${lang}/settings/bank-account/`}
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              {t("proceeds.registerBank")}
            </Link>
          </div>
        )}
      </ValueCard>

      <ValueCard id="points-title" title={t("points.title")} amount={pts(summary.points)} testId="points">
        <p>{t("points.uses")}</p>
      </ValueCard>

      <ValueCard
        id="free-points-title"
        title={t("freePoints.title")}
        amount={pts(summary.freePoints)}
        testId="free-points"
      >
        <p>{t("freePoints.uses")}</p>
        <p className="font-semibold text-slate-900" data-testid="free-points-expiry">
          {summary.nextFreePointsExpiry
            ? t("freePoints.expiry", {
                date: formatDate(summary.nextFreePointsExpiry.at, lang),
                amount: pts(summary.nextFreePointsExpiry.amount),
              })
            : t("freePoints.noExpiry")}
        </p>
      </ValueCard>

      <p className="px-1 text-sm text-slate-600" data-testid="escrow">
        {t("escrow", { amount: yen(summary.escrow) })}
        <span className="block text-xs">{t("escrowNote")}</span>
      </p>

      {summary.pendingTopUp && (
        <section
          aria-labelledby="pending-title"
          className={`${card} ring-amber-300`}
          data-testid="pending-top-up"
        >
          <h2 id="pending-title" className="font-bold">
            {t("pendingTopUp.title")}
          </h2>
          <p className="mt-1 text-sm">
            {t("pendingTopUp.body", {
              method: t(`topUpMethod.${summary.pendingTopUp.method as TopUpMethod}`),
              amount: yen(summary.pendingTopUp.amount),
            })}
          </p>
          {summary.pendingTopUp.deadline && (
            <p className="mt-1 text-sm font-semibold">
              {t("pendingTopUp.deadline", { date: formatDate(summary.pendingTopUp.deadline, lang, true) })}
            </p>
          )}
          <Link
            to={`/${lang}${topUpPath(summary.pendingTopUp.method, summary.pendingTopUp.id)}`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            {t("pendingTopUp.open")}
          </Link>
        </section>
      )}

      {summary.openPayouts.length > 0 && (
        <section aria-labelledby="payouts-title">
          <h2 id="payouts-title" className="mb-2 text-sm font-bold text-slate-600">
            {t("openPayouts.title")}
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {summary.openPayouts.map((p) => (
              <li key={p.id} data-testid="open-payout">
                <Link to={`/${lang}${payoutPath(p.method, p.id)}`} className={rowLink}>
                  <span className="flex flex-col text-sm">
                    <span className="font-semibold">
                      {t("openPayouts.body", {
                        method: t(`payoutMethod.${p.method as PayoutMethod}`),
                        amount: yen(p.amount),
                        fee: yen(p.fee),
                      })}
                    </span>
                    <span className="text-slate-600">
                      {t("openPayouts.state", { state: t(`payoutState.${p.state as PayoutState}`) })}
                    </span>
                    {p.expiresAt && (
                      <span className="text-slate-600">
                        {t("openPayouts.codeExpiry", { date: formatDate(p.expiresAt, lang, true) })}
                      </span>
                    )}
                  </span>
                  <span className="flex items-center gap-1 text-sm text-brand-700">
                    {t("openPayouts.open")}
                    <Chevron />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <LinkMenu
        id="buy-points-title"
        title={t("actions.buyPoints")}
        links={loaderData.offered.topUps.map((m) => ({
          to: `/${lang}/balance/order-points/${m}/`,
          label: t(`topUpMethod.${m}`),
        }))}
      />
      <LinkMenu
        id="withdraw-title"
        title={t("actions.withdraw")}
        links={loaderData.offered.payouts.map((m) => ({
          to: `/${lang}/balance/transfer-${m}/`,
          label: t(`payoutMethod.${m}`),
          aside: t("actions.fee", { fee: yen(PAYOUT_FEES[m]) }),
        }))}
      />
      <LinkMenu
        id="more-title"
        title={t("actions.title")}
        links={[
          {
            to: `/${lang}/balance/transfer-points/`,
            label: t("actions.transferPoints"),
            note: t("actions.transferPointsNote"),
          },
          { to: `/${lang}/balance/transfer-history/`, label: t("actions.history") },
        ]}
      />
    </div>
  );
}

type MenuLink = { to: string; label: string; note?: string; aside?: string };

/** A titled list of links, one row each: what the page lets the member do next. */
function LinkMenu({ id, title, links }: { id: string; title: string; links: MenuLink[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-sm font-bold text-slate-600">
        {title}
      </h2>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={rowLink}>
              <span className="flex flex-col">
                <span>{l.label}</span>
                {l.note && <span className="text-xs text-slate-600">{l.note}</span>}
              </span>
              <span className="flex items-center gap-2 text-sm text-slate-600">
                {l.aside}
                <Chevron />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
