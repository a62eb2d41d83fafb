import { type ReactNode, useEffect, useRef, useState } from "react";
import { IDENTITY_REASONS } from "#core/identity/identity-reasons.ts";
import { useTranslations } from "../i18n/use-translations.ts";
import { BOT_CHECK_FIELD, type BotCheckClient } from "../lib/bot-check.ts";
import type { FormState } from "../lib/form-state.ts";

type Widgets = {
  turnstile?: {
    render(el: HTMLElement, o: Record<string, unknown>): string;
    execute(el: HTMLElement | string): void;
    reset(id: string): void;
  };
  grecaptcha?: {
    enterprise: {
      ready(f: () => void): void;
      execute(siteKey: string, o: { action: string }): Promise<string>;
    };
  };
};

const loaded = new Map<string, Promise<void>>();

/** Loads a provider's script once, only when a token is first needed. */
function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(s);
    });
    loaded.set(src, p);
  }
  return p;
}

async function obtainToken(client: BotCheckClient, widget: HTMLElement): Promise<string> {
  if (client.kind === "sandbox") {
    const res = await fetch(`/sandbox/bot-check/token?action=${encodeURIComponent(client.action)}`);
    if (!res.ok) throw new Error(`bot check sandbox answered ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }
  const w = window as unknown as Widgets;
  if (client.kind === "recaptcha") {
    await loadScript(
      `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(client.siteKey)}`,
    );
    const enterprise = w.grecaptcha!.enterprise;
    await new Promise<void>((resolve) => enterprise.ready(resolve));
    return enterprise.execute(client.siteKey, { action: client.action });
  }
  await loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
  return new Promise((resolve, reject) => {
    widget.replaceChildren();
    w.turnstile!.render(widget, {
      sitekey: client.siteKey,
      action: client.action,
      appearance: "interaction-only",
      callback: resolve,
      "error-callback": () => reject(new Error("Turnstile could not give a token")),
    });
  });
}

/**
 * The bot check of a guarded form. When the server answers `missing-recaptcha-token`, the script
 * obtains a token for the form's action and sends the form again as it stands, so what was typed is
 * kept; the message asking for JavaScript is hidden meanwhile. Visitors without scripts send the
 * token the sandbox rendered into the page (decision 035).
 */
export function useBotCheck(
  client: BotCheckClient,
  state: FormState | undefined,
): { field: ReactNode; formError: string | undefined } {
  const input = useRef<HTMLInputElement>(null);
  const widget = useRef<HTMLDivElement>(null);
  const handled = useRef<FormState | undefined>(undefined);
  const retries = useRef(0);
  const [failed, setFailed] = useState<FormState | undefined>(undefined);
  // A form sent before the page was ready comes back without its password (never echoed back):
  // sending it again as it stands would only be refused for the empty password.
  const [retype, setRetype] = useState<FormState | undefined>(undefined);
  const t = useTranslations("form");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const missing = state?.reasonCode === IDENTITY_REASONS.missingBotToken;
  useEffect(() => {
    if (!missing) retries.current = 0;
    if (!missing || handled.current === state) return;
    handled.current = state;
    const form = input.current?.form;
    // Twice at most in a row: a token refused again is left to the message on the page.
    if (!form || !widget.current || retries.current >= 2) return setFailed(state);
    retries.current += 1;
    obtainToken(client, widget.current).then(
      (token) => {
        if (!input.current) return;
        input.current.value = token;
        const emptyPassword = [...form.querySelectorAll<HTMLInputElement>('input[type="password"]')].find(
          (field) => field.value === "",
        );
        if (emptyPassword) {
          // The token waits in the form; the person types the password and sends it themselves.
          setRetype(state);
          emptyPassword.focus();
          return;
        }
        form.requestSubmit(form.querySelector<HTMLButtonElement>('button[type="submit"]') ?? undefined);
      },
      () => setFailed(state),
    );
  }, [missing, state, client]);
  const field = (
    <>
      {/* Fields in a box that is not shown are still sent; the box takes no room in the form. */}
      <div className="hidden">
        <input ref={input} type="hidden" name={BOT_CHECK_FIELD} defaultValue="" />
        {client.kind === "sandbox" && (
          <noscript>
            <input type="hidden" name={BOT_CHECK_FIELD} value={client.noscriptToken} />
          </noscript>
        )}
      </div>
      {/* Turnstile's widget, shown only when it wants the person to act. */}
      <div ref={widget} className="empty:hidden" />
      {client.kind === "recaptcha" && <RecaptchaNotice />}
    </>
  );
  // While the script fetches a token and sends again, the message for visitors without it stays hidden.
  const retrying = hydrated && missing && failed !== state;
  if (retype !== undefined && retype === state) return { field, formError: t("retypePassword") };
  return { field, formError: retrying ? undefined : state?.formError };
}

const googleLink = (href: string) => (chunks: ReactNode) => (
  <a href={href} className="underline" target="_blank" rel="noopener noreferrer">
    {chunks}
  </a>
);

/** With reCAPTCHA's badge hidden (app.css), Google asks for this notice in the form instead. */
function RecaptchaNotice() {
  const t = useTranslations("form");
  return (
    <p className="text-xs leading-relaxed text-slate-500">
      {t.rich("recaptchaNotice", {
        privacy: googleLink("https://policies.google.com/privacy"),
        terms: googleLink("https://policies.google.com/terms"),
      })}
    </p>
  );
}
