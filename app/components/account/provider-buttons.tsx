import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";

export const PROVIDERS = ["line", "google", "apple"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const PROVIDER_NAMES: Record<ProviderName, string> = {
  line: "LINE",
  google: "Google",
  apple: "Apple",
};

/**
 * Each provider's own colours: LINE green, Google white with a border, Apple black. White text on
 * LINE's #06C755 is 2.3:1, below WCAG AA's 4.5:1, so the button takes the green of LINE's pressed
 * button (#06C755 under about 30% black, 4.6:1); the logo keeps #06C755.
 */
const STYLE: Record<ProviderName, string> = {
  line: "bg-[#048739] text-white hover:bg-[#03752F]",
  google: "border border-[#747775] bg-white text-[#1F1F1F] hover:bg-slate-50",
  apple: "bg-black text-white hover:bg-neutral-800",
};

function ProviderLogo({ provider }: { provider: ProviderName }): ReactNode {
  if (provider === "line") {
    return (
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 5.9-3.5 8-6C21.4 14.3 22 12.7 22 11c0-4.4-4.5-8-10-8Z"
        />
        <path
          fill="#06C755"
          d="M8.6 13.4H6.6c-.3 0-.5-.2-.5-.5V9c0-.3.2-.5.5-.5s.5.2.5.5v3.4h1.5c.3 0 .5.2.5.5s-.2.5-.5.5Zm1.9-.5c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9c0-.3.2-.5.5-.5s.5.2.5.5v3.9Zm4.4 0c0 .2-.1.4-.3.5h-.2c-.2 0-.3-.1-.4-.2l-2-2.7v2.4c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9c0-.2.1-.4.3-.5h.2c.2 0 .3.1.4.2l2 2.7V9c0-.3.2-.5.5-.5s.5.2.5.5v3.9Zm3.1-2.4c.3 0 .5.2.5.5s-.2.5-.5.5h-1.5v.9h1.5c.3 0 .5.2.5.5s-.2.5-.5.5h-2c-.3 0-.5-.2-.5-.5V9c0-.3.2-.5.5-.5h2c.3 0 .5.2.5.5s-.2.5-.5.5h-1.5v1h1.5Z"
        />
      </svg>
    );
  }
  if (provider === "google") {
    return (
      <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5Z"
        />
        <path
          fill="#4285F4"
          d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.6 5.9c4.4-4.1 6.9-10.1 6.9-17.5Z"
        />
        <path
          fill="#FBBC05"
          d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1Z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8L32.3 36.3c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48Z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1ZM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5Z"
      />
    </svg>
  );
}

/**
 * One provider's button: a plain form posted to `/{lang}/login/with/{provider}/`, which sends the
 * browser on to the provider (the whole page leaves, so no script is needed).
 */
export function ProviderButton({
  lang,
  provider,
  label,
  intent = "sign-in",
  redirect,
}: {
  lang: string;
  provider: ProviderName;
  label: string;
  intent?: "sign-in" | "link";
  redirect?: string | null;
}) {
  return (
    <form method="post" action={`/${lang}/login/with/${provider}/`}>
      <input type="hidden" name="intent" value={intent} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <button
        type="submit"
        data-provider={provider}
        className={`flex h-12 w-full items-center justify-center gap-3 rounded-full px-6 text-base font-semibold transition ${STYLE[provider]}`}
      >
        <ProviderLogo provider={provider} />
        {label}
      </button>
    </form>
  );
}

/** 「LINEでログイン」「Googleでログイン」「Appleでログイン」 under the log-in and sign-up forms. */
export function ProviderButtons({ lang }: { lang: string }) {
  const t = useTranslations("providers.buttons");
  const [search] = useSearchParams();
  return (
    <div className="mt-6 flex flex-col gap-3" data-testid="provider-buttons">
      <p className="flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {t("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      {PROVIDERS.map((p) => (
        <ProviderButton key={p} lang={lang} provider={p} label={t(p)} redirect={search.get("redirect")} />
      ))}
    </div>
  );
}
