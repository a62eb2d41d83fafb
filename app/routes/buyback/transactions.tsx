import { Link } from "react-router";
import { getMemberApplication } from "#core/buyback/get-member-application.ts";
import { listMemberBuybacks } from "#core/buyback/list-member-buybacks.ts";
import { PICKUP_TIME_SLOTS } from "#core/shared/courier.ts";
import { BuybackRows } from "../../components/buyback-member/buyback-rows.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transactions";
import { requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.list.title", { noindex: true });
export const handle = { back: "/buyback/mypage/", tab: "mypage" };

const positive = (v: string | null) => (v && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : null);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireMember(context, request, langOf(params));
  const ctx = core(context);
  const query = new URL(request.url).searchParams;
  const appliedId = positive(query.get("applied"));
  const [list, applied] = await Promise.all([
    listMemberBuybacks(ctx, { userId: user.id, page: positive(query.get("page")) ?? 1 }),
    appliedId ? getMemberApplication(ctx, { userId: user.id, applicationId: appliedId }) : null,
  ]);
  return { ...list, applied };
}

/** Just applied: the invoice, how to pack, and the drop-off or the pickup booked. */
function NextSteps({
  applied,
  lang,
}: {
  applied: NonNullable<Route.ComponentProps["loaderData"]["applied"]>;
  lang: "ja" | "en";
}) {
  const t = useTranslations("buybackMember.next");
  return (
    <section
      aria-labelledby="next-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-brand-600"
      data-testid="next-steps"
    >
      <h2 id="next-title" className="text-lg font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm">{t("lead", { count: applied.devices })}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("invoice")}</dt>
        <dd className="font-mono font-semibold" data-testid="invoice-number">
          {applied.invoiceNumber ?? t("invoicePending")}
        </dd>
      </dl>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed">
        <li>{t("pack")}</li>
        <li data-testid="hand-over">
          {applied.shippingMethod === "pickup" && applied.pickupDate
            ? t("pickup", {
                date: formatDate(`${applied.pickupDate}T00:00:00+09:00`, lang),
                slot: label(PICKUP_TIME_SLOTS, applied.pickupSlot, lang),
              })
            : t("kit")}
        </li>
        <li>{t("shipped")}</li>
      </ol>
    </section>
  );
}

export default function BuybackTransactions({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember");
  const lang = langOf(params);
  const { rows, page, pages, applied } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("list.title")}</h1>
      {applied && <NextSteps applied={applied} lang={lang} />}
      {rows.length === 0 ? (
        <EmptyState
          action={
            <Link
              to={`/${lang}/buyback/application/`}
              className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white"
            >
              {t("home.sell")}
            </Link>
          }
        >
          {t("list.empty")}
        </EmptyState>
      ) : (
        <BuybackRows rows={rows} lang={lang} label={t("list.label")} testId="buyback-list" />
      )}
      <Pager page={page} pages={pages} />
    </div>
  );
}
