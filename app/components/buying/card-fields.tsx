import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { FormError, SubmitButton } from "../form.tsx";
import { initPayjp, type PayjpCardElement, type PayjpClient } from "./payjp.ts";

/** Which provider takes new cards, and its public key (what the page's loader hands over). */
export type CardEntry = { provider: string; publicKey: string };

/** Whether this page can take a new card: the sandbox's form, or PAY.JP's tokeniser. */
export function canEnterCards(entry: CardEntry): boolean {
  return entry.provider === "sandbox" || entry.provider === "payjp";
}

type PayjpSession = { client: PayjpClient; element: PayjpCardElement };

/**
 * A page's card form: `session` for `<CardFields>`, and `tokenize(form)` to exchange what was typed
 * for a single-use token with the provider (the token is all our server ever receives).
 */
export function useCardEntry(entry: CardEntry) {
  const t = useTranslations("cardTopUp");
  const session = useRef<PayjpSession | null>(null);
  async function tokenize(form: HTMLFormElement): Promise<string> {
    if (entry.provider !== "payjp") return sandboxToken(form);
    const started = session.current;
    if (!started) throw new Error(t("cardEntry.unavailable"));
    const result = await started.client.createToken(started.element);
    if (!result.id) throw new Error(result.error?.message ?? t("cardEntry.unavailable"));
    return result.id;
  }
  return { session, tokenize };
}

/**
 * A form that saves a new card: what was typed goes to the provider, and only the token it gives
 * back is posted (as `cardToken`), with whatever else the page puts in `children`.
 */
export function NewCardForm({
  entry,
  submitLabel,
  formError,
  children,
}: {
  entry: CardEntry;
  submitLabel: string;
  formError?: string | undefined;
  children?: ReactNode;
}) {
  const card = useCardEntry(entry);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      (form.elements.namedItem("cardToken") as HTMLInputElement).value = await card.tokenize(form);
      form.submit();
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <FormError message={error ?? formError} />
      <input type="hidden" name="cardToken" defaultValue="" />
      {children}
      <CardFields entry={entry} session={card.session} />
      <SubmitButton>{submitLabel}</SubmitButton>
    </form>
  );
}

/** The sandbox's tokenisation endpoint, which stands for the provider's. */
async function sandboxToken(form: HTMLFormElement): Promise<string> {
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

/** The card's fields: PAY.JP's own (loaded only now), or the sandbox's inputs. */
export function CardFields({
  entry,
  session,
}: {
  entry: CardEntry;
  session: RefObject<PayjpSession | null>;
}) {
  return entry.provider === "payjp" ? (
    <PayjpFields publicKey={entry.publicKey} session={session} />
  ) : (
    <SandboxFields />
  );
}

function PayjpFields({ publicKey, session }: { publicKey: string; session: RefObject<PayjpSession | null> }) {
  const t = useTranslations("cardTopUp");
  const buying = useTranslations("buying");
  const locale = useLocale() === "en" ? "en" : "ja";
  const target = useRef<HTMLFieldSetElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  useEffect(() => {
    let live = true;
    let element: PayjpCardElement | null = null;
    void initPayjp(publicKey, { locale }).then((client) => {
      if (!live) return;
      if (!client || !target.current) {
        setState("unavailable");
        return;
      }
      try {
        element = client.elements().create("card", { style: { base: { fontSize: "16px" } } });
        element.mount(target.current);
        session.current = { client, element };
        setState("ready");
      } catch (error) {
        console.error("PAY.JP: the card field could not be shown", error);
        setState("unavailable");
      }
    });
    return () => {
      live = false;
      session.current = null;
      element?.unmount?.();
    };
  }, [publicKey, locale, session]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold" id="payjp-card-label">
        {t("cardEntry.label")}
      </p>
      <fieldset
        ref={target}
        aria-labelledby="payjp-card-label"
        className={`min-h-12 rounded-lg border border-slate-300 bg-white px-3 py-3 ${state === "unavailable" ? "hidden" : ""}`}
      />
      {state === "loading" && (
        <p className="text-xs text-slate-500" aria-live="polite">
          {t("cardEntry.loading")}
        </p>
      )}
      {state === "unavailable" && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-danger-600">
          {t("cardEntry.unavailable")}
        </p>
      )}
      <p className="text-xs text-slate-600">{buying("cardNote")}</p>
      <noscript>
        <p className="text-sm text-danger-600">{buying("cardNeedsScript")}</p>
      </noscript>
    </div>
  );
}

/** Inputs without a `name`: the browser never sends them with the form, only to the provider. */
function SandboxFields() {
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
