import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";
import { FormError } from "../form.tsx";

type Answer = { to?: string; error?: string; options?: PublicKeyCredentialRequestOptionsJSON };

async function post(lang: string, body: unknown): Promise<Answer> {
  const res = await fetch(`/${lang}/login/passkey/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await res.json().catch(() => ({}))) ?? {}) as Answer;
}

/**
 * Signing in with a passkey, inside the sign-in form: the browser offers the member's passkeys in
 * the e-mail field's suggestions (conditional mediation) where it can, and the button opens its
 * passkey dialog everywhere else. "Keep me logged in" and the page's `redirect` carry over.
 */
export function PasskeyLogin({ lang }: { lang: string }) {
  const t = useTranslations("passkeys.login");
  const anchor = useRef<HTMLDivElement>(null);
  // Drawn from the first paint (nearly every browser has passkeys) and hidden only in a browser
  // known to lack them, so nothing below it moves once the scripts run.
  const [unsupported, setUnsupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const finish = async (credential: unknown) => {
    const form = anchor.current?.closest("form");
    const remember = form?.querySelector<HTMLInputElement>('input[name="remember"]');
    const answer = await post(lang, {
      credential,
      remember: remember ? remember.checked : true,
      redirect: new URLSearchParams(window.location.search).get("redirect"),
    });
    if (answer.to) window.location.assign(answer.to);
    else setError(answer.error ?? t("failed"));
  };

  useEffect(() => {
    setUnsupported(!browserSupportsWebAuthn());
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      const { options } = await post(lang, { step: "options" });
      if (!options || !live) return;
      try {
        await finish(await startAuthentication({ optionsJSON: options, useBrowserAutofill: true }));
      } catch {
        // Closed, or replaced by the button's dialog: nothing to say.
      }
    })();
    return () => {
      live = false;
    };
    // Once, when the page starts: the browser keeps offering the passkeys until one is chosen.
  }, []);

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { options, error: refused } = await post(lang, { step: "options" });
      if (!options) {
        setError(refused ?? t("failed"));
        return;
      }
      await finish(await startAuthentication({ optionsJSON: options }));
    } catch (e) {
      setError(e instanceof Error && e.name === "NotAllowedError" ? t("cancelled") : t("failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={anchor} className="flex flex-col gap-3" hidden={unsupported}>
      <FormError message={error} />
      <button
        type="button"
        onClick={signIn}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="passkey-login"
        className="flex h-12 w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 transition hover:bg-slate-50 disabled:opacity-60"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="8" cy="8" r="4" />
          <path
            d="M2 21v-2a5 5 0 0 1 5-5h2M15 11a3 3 0 1 0 3 3v6l2-1-1-1 1-1-1-1"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t("button")}
      </button>
    </div>
  );
}
