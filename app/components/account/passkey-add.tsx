import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import { FormError } from "../form.tsx";

/**
 * "Create a passkey": asks the server for the options (the API, with the session cookie), lets the
 * browser make the passkey, and hands it to the page's action, which keeps it and says so.
 */
export function PasskeyAdd({ lang, formError }: { lang: string; formError?: string | undefined }) {
  const t = useTranslations("passkeys");
  const submit = useSubmit();
  const navigation = useNavigation();
  const [supported, setSupported] = useState(true);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const busy = working || navigation.state === "submitting";

  const add = async () => {
    setWorking(true);
    setError(undefined);
    try {
      const res = await fetch("/api/v1/me/passkeys/options", {
        method: "POST",
        headers: { "accept-language": lang },
      });
      const answer = (await res.json().catch(() => ({}))) as {
        options_json?: string;
        error?: { message?: string };
      };
      if (!answer.options_json) {
        setError(answer.error?.message ?? t("failed"));
        return;
      }
      const credential = await startRegistration({ optionsJSON: JSON.parse(answer.options_json) });
      await submit({ intent: "register", credential: JSON.stringify(credential) }, { method: "post" });
    } catch (e) {
      const name = e instanceof Error ? e.name : "";
      setError(
        name === "NotAllowedError"
          ? t("cancelled")
          : name === "InvalidStateError"
            ? t("errors.alreadyRegistered")
            : t("failed"),
      );
    } finally {
      setWorking(false);
    }
  };

  if (!supported) return <FormError message={t("unsupported")} />;
  return (
    <div className="flex flex-col gap-3">
      <FormError message={error ?? formError} />
      <button
        type="button"
        onClick={add}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="add-passkey"
        className="flex h-12 w-full items-center justify-center rounded-full bg-brand-600 px-6 text-base font-semibold text-white transition hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("adding") : t("add")}
      </button>
    </div>
  );
}
