import { Link } from "react-router";
import { BUYBACK_QUESTIONS, type BuybackQuestion } from "#core/buyback/device-fields.ts";
import type { MemberBuyback } from "#core/buyback/get-member-buyback.ts";
import { primaryNg } from "#core/buyback/offer.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { type ConfirmCopy, ConfirmForm } from "../buying/confirm-form.tsx";
import { Checkbox, FieldMessages } from "../form.tsx";
import { useStorageLabel } from "./device-fieldset.tsx";
import { OfferLines, useGradeLabel, useNgLabel } from "./offer-lines.tsx";

const QUESTIONS = Object.keys(BUYBACK_QUESTIONS) as BuybackQuestion[];
export const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** What each step's confirmation says: the question, what happens next, and the button that does it. */
export function useStepCopy(view: MemberBuyback, lang: "ja" | "en") {
  const t = useTranslations("buybackMember.detail.confirm");
  const body = (...lines: string[]) => (
    <div
      className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-slate-700"
      data-testid="confirm-body"
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
  const amount = formatYen(view.offer?.amount ?? 0, lang);
  const parcel = view.application.toShip;
  return (intent: string): ConfirmCopy => {
    if (intent === "accept") {
      return {
        title: t("accept.title", { amount }),
        body: body(t("accept.body", { amount }), t("accept.next")),
        confirm: t("accept.confirm"),
      };
    }
    if (intent === "decline") {
      return {
        title: t("decline.title"),
        body: body(t("decline.body"), t("decline.next")),
        confirm: t("decline.confirm"),
      };
    }
    return {
      title: t("ship.title"),
      body: body(
        t("ship.body"),
        ...(parcel > 1 ? [t("ship.parcel", { count: parcel })] : []),
        t("ship.next"),
      ),
      confirm: t("ship.confirm"),
    };
  };
}

/**
 * Accept or decline, each asked about first. Accepting needs the identity check the Act asks for
 * (then a link to it instead of the button), or, where none is needed, the member's word that they
 * are 18 or older.
 */
export function OfferAnswer({
  acceptance,
  state,
  lang,
  copy,
}: {
  acceptance: { identityNeeded: boolean; identityVerified: boolean };
  state: FormState | undefined;
  lang: "ja" | "en";
  copy: (intent: string) => ConfirmCopy;
}) {
  const t = useTranslations("buybackMember.detail");
  const blocked = acceptance.identityNeeded && !acceptance.identityVerified;
  const askAdult = !acceptance.identityNeeded || Boolean(state?.errors?.adult);
  return (
    <div className="mt-4 flex flex-col gap-3">
      {blocked ? (
        <div
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="identity-needed"
        >
          <p>{t("identityNeeded")}</p>
          <Link
            to={`/${lang}/settings/identification/`}
            className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            {t("identityLink")}
          </Link>
        </div>
      ) : (
        <ConfirmForm
          intent="accept"
          submitLabel={t("accept")}
          copy={() => copy("accept")}
          state={state}
          className="flex flex-col gap-3"
          testId="accept-form"
        >
          {askAdult && (
            <div>
              <Checkbox name="adult" label={t("adult")} defaultChecked={state?.values?.adult === "on"} />
              <FieldMessages id="adult" name="adult" error={state?.errors?.adult} />
            </div>
          )}
        </ConfirmForm>
      )}
      <div className="flex flex-col gap-1">
        <ConfirmForm
          intent="decline"
          submitLabel={t("decline")}
          copy={() => copy("decline")}
          variant="secondary"
          className="flex flex-col"
          testId="decline-form"
        />
        <p className="text-xs text-slate-600">{t("declineNote")}</p>
      </div>
    </div>
  );
}

/** The device as the member described it: IMEI, storage, their answers and the estimate they were shown. */
export function DeviceSection({ view, lang }: { view: MemberBuyback; lang: "ja" | "en" }) {
  const t = useTranslations("buybackMember");
  const q = useTranslations("buybackMember.questions");
  const grade = useGradeLabel();
  const ng = useNgLabel();
  const storage = useStorageLabel();
  const estimateOffer = view.estimate?.offer ?? null;
  return (
    <section aria-labelledby="device-title" className={card}>
      <h2 id="device-title" className="text-lg font-bold">
        {t("detail.device")}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {view.imei && (
          <>
            <dt className="text-slate-600">{t("detail.imei")}</dt>
            <dd className="font-mono">{view.imei}</dd>
          </>
        )}
        {view.storageGb && (
          <>
            <dt className="text-slate-600">{t("detail.storage")}</dt>
            <dd>{storage(view.storageGb)}</dd>
          </>
        )}
      </dl>
      <h3 className="mt-3 text-sm font-bold">{t("detail.answers")}</h3>
      <dl className="mt-1 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {QUESTIONS.filter((question) => view.answers[question]).map((question) => (
          <div key={question} className="contents">
            <dt className="text-slate-600">{q(`${question}.label`)}</dt>
            <dd>{q(`${question}.choices.${view.answers[question]}` as "power.choices.yes")}</dd>
          </div>
        ))}
      </dl>
      {view.estimate && (
        <>
          <h3 className="mt-3 text-sm font-bold">{t("detail.estimate")}</h3>
          {estimateOffer ? (
            <div className="mt-1">
              <OfferLines
                lang={lang}
                bidLabel={t("detail.bid", {
                  grade: grade(view.estimate.grade),
                  condition: ng(primaryNg(view.estimate.ngConditions)),
                })}
                bid={estimateOffer.bid}
                deductions={estimateOffer.deductions}
                amountLabel={t("estimate.amount")}
                amount={estimateOffer.amount}
              />
            </div>
          ) : (
            <p className="mt-1 text-sm">{t("estimate.noBid")}</p>
          )}
        </>
      )}
    </section>
  );
}
