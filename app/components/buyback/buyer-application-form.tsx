import { Link } from "react-router";
import {
  APPLICATION_CATEGORIES,
  APPLICATION_LABELS,
  MONTHLY_VOLUMES,
  ZBuyerApplication,
} from "#core/buyback/buyer-application-fields.ts";
import { codesOf, PREFECTURES } from "#core/shared/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { BotCheckClient } from "../../lib/bot-check.ts";
import type { FormState } from "../../lib/form-state.ts";
import { useBotCheck } from "../bot-check.tsx";
import {
  EmailField,
  FieldMessages,
  FormError,
  fieldId,
  PageCard,
  SubmitButton,
  TextField,
  useShownError,
  ValidatedForm,
} from "../form.tsx";
import { SelectField } from "../select-field.tsx";

/** The fields of the application, as the form sends them. */
export const APPLICATION_FIELDS = [
  "companyName",
  "licenceNumber",
  "licenceCommission",
  "address",
  "contactName",
  "email",
  "phone",
  "monthlyVolume",
  "categories",
] as const;

const PREFECTURE_CODES = codesOf(PREFECTURES);

function Section({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-1 text-base font-bold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The categories it buys: checkboxes, at least one; the group carries the label, hint and error. */
function CategoryChoices({ state }: { state: FormState | undefined }) {
  const t = useTranslations("buyerApplication");
  const form = useTranslations("form");
  const categories = useTranslations("codes.category");
  const id = fieldId("categories");
  const shown = useShownError("categories", state?.errors?.categories);
  const chosen = new Set((state?.values?.categories ?? "").split(",").filter(Boolean));
  return (
    <fieldset aria-describedby={[`${id}-hint`, shown ? `${id}-error` : null].filter(Boolean).join(" ")}>
      {/* The legend is the group's name alone: the error summary reads it as the field's label. */}
      <legend className="float-left mr-2 text-sm font-semibold text-slate-800">
        {t("fields.categories")}
      </legend>
      <span
        aria-hidden="true"
        className="rounded bg-danger-600 px-1.5 py-0.5 text-[10px] font-bold text-white"
      >
        {form("required")}
      </span>
      <div className="clear-left mt-2 grid grid-cols-2 gap-2">
        {APPLICATION_CATEGORIES.map((code, i) => {
          // The first box is the one the error summary's link moves to.
          const boxId = i === 0 ? id : `${id}-${code}`;
          return (
            <label
              key={code}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                id={boxId}
                type="checkbox"
                name="categories"
                value={code}
                defaultChecked={chosen.has(code)}
                aria-invalid={shown ? true : undefined}
                className="size-5 shrink-0 rounded border-slate-300 accent-brand-600"
              />
              {categories(code)}
            </label>
          );
        })}
      </div>
      <FieldMessages id={id} name="categories" hint={t("hints.categories")} error={shown} />
    </fieldset>
  );
}

/**
 * A company's application to become a business buyer: the company and its dealer licence, the
 * contact person, and what it plans to buy. Each field is checked as it is left with the core's
 * rules; after a failed send what was typed is kept and each message sits by its field.
 */
export function BuyerApplicationForm({
  lang,
  state,
  botCheck: client,
}: {
  lang: Locale;
  state: FormState | undefined;
  botCheck: BotCheckClient;
}) {
  const t = useTranslations("buyerApplication");
  const prefectures = useTranslations("codes.prefecture");
  const botCheck = useBotCheck(client, state);
  const v = (name: (typeof APPLICATION_FIELDS)[number]) => state?.values?.[name] ?? "";
  const e = (name: (typeof APPLICATION_FIELDS)[number]) => state?.errors?.[name];
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <p className="mb-5 rounded-lg bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-700">
        {t("invited")} {t("haveAccount")}{" "}
        <Link to={`/${lang}/buyback/login/`} className="text-brand-700 underline">
          {t("login")}
        </Link>
      </p>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-6"
        state={state}
        validation={{ schema: ZBuyerApplication, labels: APPLICATION_LABELS }}
        data-testid="buyer-application-form"
      >
        <FormError message={botCheck.formError ?? state?.formError} />
        <Section legend={t("companySection")}>
          <TextField
            name="companyName"
            label={t("fields.companyName")}
            hint={t("hints.companyName")}
            autoComplete="organization"
            maxLength={100}
            defaultValue={v("companyName")}
            error={e("companyName")}
          />
          <TextField
            name="licenceNumber"
            label={t("fields.licenceNumber")}
            hint={t("hints.licenceNumber")}
            autoComplete="off"
            inputMode="numeric"
            maxLength={20}
            defaultValue={v("licenceNumber")}
            error={e("licenceNumber")}
          />
          <SelectField
            name="licenceCommission"
            label={t("fields.licenceCommission")}
            hint={t("hints.licenceCommission")}
            defaultValue={v("licenceCommission")}
            error={e("licenceCommission")}
            options={PREFECTURE_CODES.map((code) => ({
              value: code,
              label: t("commission", { prefecture: prefectures(code) }),
            }))}
          />
          <TextField
            name="address"
            label={t("fields.address")}
            autoComplete="street-address"
            maxLength={200}
            defaultValue={v("address")}
            error={e("address")}
          />
        </Section>
        <Section legend={t("contactSection")}>
          <TextField
            name="contactName"
            label={t("fields.contactName")}
            autoComplete="name"
            maxLength={40}
            defaultValue={v("contactName")}
            error={e("contactName")}
          />
          <EmailField label={t("fields.email")} hint={t("hints.email")} state={state} />
          <TextField
            name="phone"
            type="tel"
            label={t("fields.phone")}
            hint={t("hints.phone")}
            autoComplete="tel"
            inputMode="tel"
            maxLength={13}
            defaultValue={v("phone")}
            error={e("phone")}
          />
        </Section>
        <Section legend={t("buyingSection")}>
          <SelectField
            name="monthlyVolume"
            label={t("fields.monthlyVolume")}
            defaultValue={v("monthlyVolume")}
            error={e("monthlyVolume")}
            options={MONTHLY_VOLUMES.map((code) => ({ value: code, label: t(`volumes.${code}`) }))}
          />
          <CategoryChoices state={state} />
        </Section>
        {botCheck.field}
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}

/** After sending: the application's number and what happens next. */
export function BuyerApplicationSent({ lang, id, email }: { lang: Locale; id: number; email: string }) {
  const t = useTranslations("buyerApplication.sent");
  return (
    <PageCard title={t("title")}>
      <div
        role="status"
        className="flex flex-col gap-4 text-sm leading-relaxed"
        data-testid="application-sent"
      >
        <p>{t("body", { id: String(id), email })}</p>
        <h2 className="text-base font-bold text-slate-900">{t("nextTitle")}</h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
          <li>{t("step1")}</li>
          <li>{t("step2")}</li>
          <li>{t("step3")}</li>
        </ol>
        <p className="text-slate-600">{t("noMail")}</p>
      </div>
      <Link to={`/${lang}/buyback/`} className="mt-6 inline-block text-sm text-brand-700 underline">
        {t("back")}
      </Link>
    </PageCard>
  );
}
