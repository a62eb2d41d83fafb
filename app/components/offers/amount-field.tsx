import { useState } from "react";
import { useLocale } from "use-intl";
import { readAmount } from "#core/offers/offer-rules.ts";
import type { Message } from "#core/shared/i18n/translate.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { TextField } from "../form.tsx";

/**
 * A yen amount checked as it is typed, with the core's own rule (`problem`): the lowest allowed
 * price stays in the hint, and a wrong amount says why at once. The server's message shows until
 * the amount is changed.
 */
export function AmountField({
  id,
  label,
  hint,
  problem,
  defaultValue = "",
  serverError,
}: {
  /** The input's id, when a page has more than one amount (one per offer). */
  id?: string;
  label: string;
  hint: string;
  problem: (amount: number | null) => Message | null;
  defaultValue?: string | undefined;
  serverError?: string | undefined;
}) {
  const locale = useLocale() as Locale;
  const [typed, setTyped] = useState<string | null>(null);
  const live = typed === null || typed.trim() === "" ? null : problem(readAmount(typed));
  const error = typed === null ? serverError : live ? renderMessage(live, locale) : undefined;
  return (
    <TextField
      {...(id ? { id } : {})}
      name="amount"
      label={label}
      inputMode="numeric"
      autoComplete="off"
      hint={hint}
      defaultValue={defaultValue}
      error={error}
      onChange={(e) => setTyped(e.currentTarget.value)}
      data-testid="offer-amount"
    />
  );
}
