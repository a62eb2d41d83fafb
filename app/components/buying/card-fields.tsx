import { useTranslations } from "use-intl";

/** Card details go from the browser to the payment provider's tokenisation endpoint, never to us. */
export async function tokenize(form: HTMLFormElement): Promise<string> {
  const field = (name: string) =>
    (form.querySelector(`[data-card="${name}"]`) as HTMLInputElement).value.replace(/\s/g, "");
  const res = await fetch("/sandbox/payments/v1/tokens", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      number: field("number"),
      exp_month: field("month"),
      exp_year: field("year"),
      cvc: field("cvc"),
    }),
  });
  const json = (await res.json()) as { id?: string; error?: { messages?: { ja: string; en: string } } };
  if (!res.ok || !json.id) {
    const lang = document.documentElement.lang === "en" ? "en" : "ja";
    throw new Error(json.error?.messages?.[lang] ?? "card");
  }
  return json.id;
}

/** Inputs without a `name`: the browser never sends them with the form, only to the provider. */
export function CardFields() {
  const t = useTranslations("buying");
  return (
    <div className="flex flex-col gap-3">
      <CardInput field="number" label={t("cardNumber")} autoComplete="cc-number" />
      <div className="grid grid-cols-3 gap-2">
        <CardInput field="month" label={t("cardExpMonth")} autoComplete="cc-exp-month" placeholder="12" />
        <CardInput field="year" label={t("cardExpYear")} autoComplete="cc-exp-year" placeholder="2030" />
        <CardInput field="cvc" label={t("cardCvc")} autoComplete="cc-csc" />
      </div>
      <p className="text-xs text-slate-600">{t("cardNote")}</p>
      <p className="text-xs text-slate-500">{t("testCards")}</p>
      <noscript>
        <p className="text-sm text-danger-600">{t("cardNeedsScript")}</p>
      </noscript>
    </div>
  );
}

function CardInput(o: { field: string; label: string; autoComplete: string; placeholder?: string }) {
  return (
    <label className="text-sm font-semibold">
      {o.label}
      <input
        data-card={o.field}
        inputMode="numeric"
        autoComplete={o.autoComplete}
        placeholder={o.placeholder}
        className="mt-1.5 block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      />
    </label>
  );
}
