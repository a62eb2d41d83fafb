import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { PasswordField } from "../form.tsx";

/**
 * The password a member types again before changing where proceeds are paid, shown only when their
 * sign-in is more than 10 minutes old or the server asked for it (decision 046).
 */
export function FreshSignInField({ ask, state }: { ask: boolean; state: FormState | undefined }) {
  const t = useTranslations("bank");
  if (!ask && !state?.errors?.currentPassword) return null;
  return (
    <PasswordField
      name="currentPassword"
      label={t("currentPassword")}
      hint={t("currentPasswordHint")}
      autoComplete="current-password"
      state={state}
    />
  );
}
