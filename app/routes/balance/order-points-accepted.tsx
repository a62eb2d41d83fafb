import { Form, Link, redirect } from "react-router";
import { getVoucherTopUp } from "#core/money/top-ups/get-top-up.ts";
import type { Locale } from "#core/shared/locale.ts";
import { SubmitButton } from "../../components/form.tsx";
import {
  cardClass,
  isStoreCode,
  TopUpHeading,
  usePlaceName,
} from "../../components/top-ups/voucher-parts.tsx";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-points-accepted";
import { cancelVoucherFromForm, topUpIdOf, topUpMethodOf } from "./order-points.server.ts";
import { acceptedPath, orderPointsPath } from "./order-points-paths.ts";

// Step 3: the voucher's numbers and how to pay at the chosen store or by Pay-easy, or where the
// top-up ended. Only its member sees it; anyone else, like an unknown id, gets a 404.

export const meta = titleMeta("topUpPages.titles.accepted");
export const handle = { back: "/balance/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const topUp = await orNotFound(() =>
    getVoucherTopUp(core(context), { userId: user.id, topUpId: topUpIdOf(request) }),
  );
  // A Pay-easy top-up asked for under cvs/ (or the other way round): its own address.
  if (topUp.method !== topUpMethodOf(request)) throw redirect(acceptedPath(lang, topUp.method, topUp.id));
  return { topUp };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  return cancelVoucherFromForm(core(context), { userId: user.id, form: await readForm(request), lang });
}

type TopUp = Route.ComponentProps["loaderData"]["topUp"];
type CodeLabel =
  | "loppiCode"
  | "phone"
  | "famiFirst"
  | "famiSecond"
  | "institutionNumber"
  | "customerNumber"
  | "confirmationNumber";

/** The numbers in the order the terminal, the till or the ATM asks for them. */
function codeRows(topUp: TopUp): [CodeLabel, string | undefined][] {
  const c = topUp.codes;
  if (topUp.method === "payeasy") {
    return [
      ["institutionNumber", c.institutionNumber],
      ["customerNumber", c.customerNumber],
      ["confirmationNumber", c.confirmationNumber],
    ];
  }
  if (topUp.store === "10002") {
    return [
      ["famiFirst", c.confirmationNumber],
      ["famiSecond", c.paymentCode],
    ];
  }
  return [
    ["loppiCode", c.paymentCode],
    ["phone", c.confirmationNumber],
  ];
}

const STORE_STEPS = {
  "10001": ["s1", "s2", "s3", "s4", "s5"],
  "10002": ["s1", "s2", "s3", "s4", "s5"],
  "10005": ["s1", "s2", "s3", "s4"],
  "10008": ["s1", "s2", "s3", "s4"],
} as const;

export default function OrderPointsAccepted({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("topUpPages.accepted");
  const lang = langOf(params);
  const { topUp } = loaderData;
  const again = orderPointsPath(lang, topUp.method);
  switch (topUp.state) {
    case "PENDING":
      return topUp.issued ? (
        <PendingVoucher topUp={topUp} lang={lang} />
      ) : (
        <Ended
          title={t("issuingTitle")}
          body={t("issuingBody")}
          link={[acceptedPath(lang, topUp.method, topUp.id), t("reload")]}
        />
      );
    case "PAID":
      return (
        <Ended
          title={t("paidTitle")}
          body={t("paidBody", { points: formatPoints(topUp.amount, lang) })}
          link={[`/${lang}/balance/`, t("toBalance")]}
          state="paid"
        />
      );
    case "EXPIRED":
      return (
        <Ended title={t("expiredTitle")} body={t("expiredBody")} link={[again, t("again")]} state="expired" />
      );
    case "CANCELED":
      return (
        <Ended
          title={t("canceledTitle")}
          body={t("canceledBody")}
          link={[again, t("again")]}
          state="canceled"
        />
      );
    default:
      return (
        <Ended title={t("failedTitle")} body={t("failedBody")} link={[again, t("again")]} state="failed" />
      );
  }
}

/** A top-up that is over (or not issued yet): what happened and where to go next. */
function Ended({
  title,
  body,
  link,
  state = "issuing",
}: {
  title: string;
  body: string;
  link: [string, string];
  state?: string;
}) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <TopUpHeading title={title} />
      <p className={`${cardClass} text-sm leading-relaxed`} data-testid="top-up-state" data-state={state}>
        {body}
      </p>
      <Link
        to={link[0]}
        reloadDocument={state === "issuing"}
        className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
      >
        {link[1]}
      </Link>
    </section>
  );
}

function PendingVoucher({ topUp, lang }: { topUp: TopUp; lang: Locale }) {
  const t = useTranslations("topUpPages");
  const place = usePlaceName();
  const deadline = topUp.deadline ? formatDate(topUp.deadline, lang, true) : "";
  const { instructionsUrl, receiptUrl } = topUp.codes;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <TopUpHeading
        title={t("accepted.issuedTitle")}
        step={3}
        lead={t("accepted.issuedLead", { deadline })}
      />
      <div className={cardClass} data-testid="top-up-state" data-state="pending">
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-3 text-sm">
          <dt className="text-slate-600">{t("accepted.placeOfPayment")}</dt>
          <dd className="text-right font-semibold" data-testid="place">
            {place(topUp)}
          </dd>
          <dt className="text-slate-600">{t("accepted.amount")}</dt>
          <dd className="text-right text-2xl font-bold" data-testid="amount">
            {formatYen(topUp.amount, lang)}
          </dd>
          <dt className="text-slate-600">{t("accepted.points")}</dt>
          <dd className="text-right font-semibold">{formatPoints(topUp.amount, lang)}</dd>
          <dt className="text-slate-600">{t("accepted.deadline")}</dt>
          <dd className="text-right font-bold text-danger-600" data-testid="deadline">
            {deadline}
          </dd>
        </dl>
        <dl className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4" data-testid="codes">
          {codeRows(topUp).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 px-4 py-3">
              <dt className="text-xs text-slate-600">{t(`accepted.codes.${label}`)}</dt>
              <dd
                className="mt-1 font-mono text-2xl font-bold tracking-wider break-all select-all"
                data-testid={`code-${label}`}
              >
                {value ?? "-"}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {topUp.method === "payeasy" ? (
        <>
          <HowTo
            title={t("accepted.atmTitle")}
            steps={(["s1", "s2", "s3", "s4"] as const).map((k) => t(`accepted.atm.${k}`))}
          />
          <HowTo
            title={t("accepted.bankingTitle")}
            steps={(["s1", "s2", "s3"] as const).map((k) => t(`accepted.banking.${k}`))}
          />
        </>
      ) : (
        isStoreCode(topUp.store) && (
          <HowTo
            title={t("accepted.howToTitle", { place: place(topUp) })}
            steps={STORE_STEPS[topUp.store].map((k) =>
              t(`accepted.howTo.${topUp.store as "10001"}.${k as "s1"}`),
            )}
          />
        )
      )}
      <p className="text-sm text-slate-600">{t("accepted.afterPaying")}</p>
      {(instructionsUrl || receiptUrl) && (
        <div className="flex flex-col gap-2">
          {instructionsUrl && (
            <a
              href={instructionsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-brand-700"
              data-testid="instructions-link"
            >
              {t("accepted.instructions")}
            </a>
          )}
          {receiptUrl && (
            <a
              href={receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-brand-700"
            >
              {t("accepted.receipt")}
            </a>
          )}
        </div>
      )}
      <Form method="post" className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-4">
        <input type="hidden" name="id" value={topUp.id} />
        <p className="text-xs text-slate-600">{t("accepted.cancelNote")}</p>
        <SubmitButton variant="secondary">{t("accepted.cancel")}</SubmitButton>
      </Form>
    </section>
  );
}

function HowTo({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section className={cardClass}>
      <h2 className="font-bold">{title}</h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed marker:font-bold marker:text-brand-700">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  );
}
