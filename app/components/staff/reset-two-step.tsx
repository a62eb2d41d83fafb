import { useId } from "react";
import { Form } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError, SubmitButton } from "../form.tsx";
import { ReasonField } from "./money.tsx";

export type MemberTwoStep = { totp: boolean; sms: boolean; recoveryCodesLeft: number; self: boolean };

/** The member page's reset of two-step verification: what is on now, and the form with its reason. */
export function ResetTwoStepForm({
  twoStep,
  state,
}: {
  twoStep: MemberTwoStep;
  state: FormState | undefined;
}) {
  const t = useTranslations("twoStepReset");
  const id = useId();
  const methods = [
    twoStep.totp ? t("totp") : null,
    twoStep.sms ? t("sms") : null,
    twoStep.recoveryCodesLeft ? t("recoveryCodes", { count: twoStep.recoveryCodesLeft }) : null,
  ].filter(Boolean);
  const on = twoStep.totp || twoStep.sms;
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="reset-two-step-form"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-bold">
        {t("title")}
      </h2>
      <p className="text-sm font-semibold" data-testid="member-two-step">
        {t("status", { state: on ? t("on", { methods: methods.join("・") }) : t("off") })}
      </p>
      {twoStep.self ? (
        <p className="text-sm text-slate-600">{t("errors.self")}</p>
      ) : (
        methods.length > 0 && (
          <>
            <p className="text-xs leading-relaxed text-slate-600">{t("lead")}</p>
            <FormError message={state?.formError} />
            <input type="hidden" name="action" value="reset_two_step" />
            <ReasonField
              id={`${id}-reason`}
              label={t("reason")}
              hint={t("reasonHint")}
              error={state?.errors?.reason}
              defaultValue={state?.values?.reason}
            />
            <SubmitButton>{t("submit")}</SubmitButton>
          </>
        )
      )}
    </Form>
  );
}
