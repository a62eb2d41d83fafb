import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useLocale } from "use-intl";
import { type CardField, checkCard, formatExpiry, parseExpiry } from "#core/money/payments/card-input.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { ErrorSummary, FormError, SubmitButton } from "../form.tsx";
import { initPayjp, type PayjpCardElement, type PayjpClient } from "./payjp.ts";

const CARD_FIELDS: readonly CardField[] = ["number", "expiry", "cvc"];
/** The card inputs' ids: the error summary links to them (they have no name, so they are never posted). */
const CARD_TARGETS: Readonly<Record<CardField, string>> = {
  number: "card-number",
  expiry: "card-expiry",
  cvc: "card-cvc",
};
/** The event the card form's check sends to the card fields, with each field's message. */
const CARD_PROBLEMS = "card-problems";

type CardMessages = Partial<Record<CardField, string>>;

/** Card details refused, field by field (already in the page's language); `message` is the first. */
class CardProblemsError extends Error {
  readonly fields: CardMessages;
  constructor(fields: CardMessages) {
    super(CARD_FIELDS.map((f) => fields[f]).find(Boolean) ?? "card");
    this.fields = fields;
  }
}

function pageLocale(): "ja" | "en" {
  return document.documentElement.lang === "en" ? "en" : "ja";
}

function typedCard(form: HTMLFormElement): Record<CardField, string> {
  const value = (field: CardField) =>
    form.querySelector<HTMLInputElement>(`[data-card="${field}"]`)?.value ?? "";
  return { number: value("number"), expiry: value("expiry"), cvc: value("cvc") };
}

/** Each card field's problem in the page's language (what the sandbox's endpoint checks too). */
function cardMessages(typed: Record<CardField, string>): CardMessages {
  const locale = pageLocale();
  const { problems } = checkCard(typed, new Date());
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, renderMessage(message, locale)]),
  );
}

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
  // Each refused attempt is a new object, so the summary takes the focus again.
  const [problems, setProblems] = useState<{ fields: CardMessages } | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    setProblems(null);
    try {
      (form.elements.namedItem("cardToken") as HTMLInputElement).value = await card.tokenize(form);
      form.submit();
    } catch (e) {
      if (e instanceof CardProblemsError) setProblems({ fields: e.fields });
      else setError((e as Error).message);
    }
  }
  return (
    <form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <ErrorSummary
        errors={problems?.fields as Record<string, string> | undefined}
        focusKey={problems}
        targets={CARD_TARGETS}
      />
      <FormError message={error ?? formError} />
      <input type="hidden" name="cardToken" defaultValue="" />
      {children}
      <CardFields entry={entry} session={card.session} purpose="save" />
      <SubmitButton>{submitLabel}</SubmitButton>
    </form>
  );
}

/**
 * The sandbox's tokenisation endpoint, which stands for the provider's. The card is checked here
 * first, field by field, with the rules the endpoint uses: a refused card never leaves the page, and
 * the fields show what is wrong with each (sent to them as a `card-problems` event on the form).
 */
async function sandboxToken(form: HTMLFormElement): Promise<string> {
  const typed = typedCard(form);
  const found = cardMessages(typed);
  if (Object.keys(found).length > 0) {
    form.dispatchEvent(new CustomEvent(CARD_PROBLEMS, { detail: found }));
    throw new CardProblemsError(found);
  }
  const expiry = parseExpiry(typed.expiry);
  const res = await fetch("/sandbox/payments/v1/tokens", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      number: typed.number.replace(/[^\d０-９]/g, ""),
      exp_month: String(expiry?.month ?? ""),
      exp_year: String(expiry?.year ?? ""),
      cvc: typed.cvc.trim(),
    }),
  });
  type Both = { ja: string; en: string };
  const json = (await res.json()) as {
    id?: string;
    error?: { messages?: Both; fields?: Partial<Record<CardField, Both>> };
  };
  if (!res.ok || !json.id) {
    const lang = pageLocale();
    const fields: CardMessages = Object.fromEntries(
      Object.entries(json.error?.fields ?? {}).map(([field, both]) => [field, both[lang]]),
    );
    if (Object.keys(fields).length > 0) {
      form.dispatchEvent(new CustomEvent(CARD_PROBLEMS, { detail: fields }));
      throw new CardProblemsError(fields);
    }
    throw new Error(json.error?.messages?.[lang] ?? "card");
  }
  return json.id;
}

/**
 * What a card is typed for: paying at checkout (without JavaScript a saved card or points can still
 * pay) or saving it (nothing else to offer then).
 */
type CardPurpose = "pay" | "save";

/** Without JavaScript no card can be typed: what the page tells, fitting what it is for. */
function NeedsScript({ purpose }: { purpose: CardPurpose }) {
  const t = useTranslations("buying");
  return (
    <noscript>
      <p className="text-sm text-danger-600">
        {purpose === "pay" ? t("cardNeedsScript") : t("cardSaveNeedsScript")}
      </p>
    </noscript>
  );
}

/** The card's fields: PAY.JP's own (loaded only now), or the sandbox's inputs. */
export function CardFields({
  entry,
  session,
  purpose,
}: {
  entry: CardEntry;
  session: RefObject<PayjpSession | null>;
  purpose: CardPurpose;
}) {
  return entry.provider === "payjp" ? (
    <PayjpFields publicKey={entry.publicKey} session={session} purpose={purpose} />
  ) : (
    <SandboxFields purpose={purpose} />
  );
}

function PayjpFields({
  publicKey,
  session,
  purpose,
}: {
  publicKey: string;
  session: RefObject<PayjpSession | null>;
  purpose: CardPurpose;
}) {
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
      <NeedsScript purpose={purpose} />
    </div>
  );
}

/**
 * Inputs without a `name`: the browser never sends them with the form, only to the provider. Each
 * is checked when it is left (and again as it is corrected), and all of them when the form is sent;
 * the expiry is typed as cards print it, MM/YY.
 */
function SandboxFields({ purpose }: { purpose: CardPurpose }) {
  const t = useTranslations("buying");
  const root = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<CardMessages>({});
  const [ready, setReady] = useState(false);
  const shown = useRef<CardMessages>({});
  shown.current = errors;

  useEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    setReady(true);
    const onProblems = (event: Event) => setErrors((event as CustomEvent<CardMessages>).detail);
    const onSubmit = () => setErrors(cardMessages(typedCard(form)));
    form.addEventListener(CARD_PROBLEMS, onProblems);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener(CARD_PROBLEMS, onProblems);
      form.removeEventListener("submit", onSubmit);
    };
  }, []);

  function check(field: CardField, input: HTMLInputElement, leaving: boolean) {
    const form = input.closest("form");
    if (!form) return;
    if (leaving && field === "expiry") input.value = formatExpiry(input.value.trim());
    if (leaving && input.value.trim() === "" && !shown.current[field]) return;
    if (!leaving && !shown.current[field]) return;
    const message = cardMessages(typedCard(form))[field];
    setErrors((before) => ({ ...before, [field]: message }));
  }

  const props = (field: CardField) => ({
    field,
    error: errors[field],
    onBlur: (input: HTMLInputElement) => check(field, input, true),
    onInput: (input: HTMLInputElement) => check(field, input, false),
  });
  return (
    <div ref={root} className="flex flex-col gap-3" data-card-checks={ready ? "on" : undefined}>
      <CardInput {...props("number")} label={t("cardNumber")} autoComplete="cc-number" />
      <div className="grid grid-cols-2 gap-3">
        <CardInput {...props("expiry")} label={t("cardExpiry")} autoComplete="cc-exp" placeholder="MM/YY" />
        <CardInput {...props("cvc")} label={t("cardCvc")} autoComplete="cc-csc" placeholder="123" />
      </div>
      <p className="text-xs text-slate-600">{t("cardNote")}</p>
      <p className="text-xs text-slate-500">{t("testCards")}</p>
      <NeedsScript purpose={purpose} />
    </div>
  );
}

function CardInput(o: {
  field: CardField;
  label: string;
  autoComplete: string;
  placeholder?: string;
  error: string | undefined;
  onBlur: (input: HTMLInputElement) => void;
  onInput: (input: HTMLInputElement) => void;
}) {
  const id = CARD_TARGETS[o.field];
  return (
    <div className="min-w-0">
      {/* The label stays on one line above its box, at any width (セキュリティコード too). */}
      <label htmlFor={id} className="block text-sm font-semibold whitespace-nowrap">
        {o.label}
      </label>
      <input
        id={id}
        data-card={o.field}
        inputMode="numeric"
        autoComplete={o.autoComplete}
        placeholder={o.placeholder}
        aria-invalid={o.error ? true : undefined}
        aria-describedby={o.error ? `${id}-error` : undefined}
        onBlur={(event) => o.onBlur(event.currentTarget)}
        onInput={(event) => o.onInput(event.currentTarget)}
        className={`mt-1.5 block h-12 w-full rounded-lg border bg-white px-3 text-base ${o.error ? "border-danger-600" : "border-slate-300"}`}
      />
      {o.error && (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm font-medium text-danger-600"
          data-testid={`error-card-${o.field}`}
        >
          {o.error}
        </p>
      )}
    </div>
  );
}
