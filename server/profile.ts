/**
 * The two ways Tsugu runs (decision 045), said once. `demo` is what `npm start` gives a newcomer:
 * the embedded database with demo data, every outside service played by its built-in stand-in, and
 * the stand-ins' own pages. `production` runs a business: it starts only when every service that
 * moves money, verifies identity or sends codes has its real provider, and no stand-in page answers.
 */
export const PROFILES = ["demo", "production"] as const;
export type Profile = (typeof PROFILES)[number];

/** A setting, or a group of settings, that production needs, and what it is for. */
type Requirement = { settings: string; what: string };

/** What `productionGaps` reads: the settings as parsed from the environment. */
export type ProductionSettings = Record<string, string | number | undefined>;

const has = (e: ProductionSettings, ...names: string[]) => names.every((name) => e[name] !== undefined);

/**
 * Every setting a production start is missing, each with what it is for; empty when it may start.
 * Money (cards), identity (eKYC, the bot check), messaging (mail, text messages), the session
 * secret and an https address are required; services a deployment may leave out (vouchers, cash at
 * an ATM, Kyash, sign-in with LINE, Google or Apple) are then simply not offered.
 */
export function productionGaps(e: ProductionSettings): Requirement[] {
  const gaps: Requirement[] = [];
  if (!has(e, "SESSION_SECRET")) {
    gaps.push({
      settings: "SESSION_SECRET",
      what: "the session secret, 32 characters or more (a generated one is for the demo only)",
    });
  }
  const url = typeof e.PUBLIC_URL === "string" ? e.PUBLIC_URL : "";
  if (!url.startsWith("https://")) {
    gaps.push({ settings: "PUBLIC_URL", what: "the site's https:// address" });
  }
  if (!has(e, "PAYJP_SECRET_KEY", "PAYJP_PUBLIC_KEY", "PAYJP_WEBHOOK_TOKEN", "PAYJP_TDS_BACK")) {
    gaps.push({
      settings: "PAYJP_SECRET_KEY, PAYJP_PUBLIC_KEY, PAYJP_WEBHOOK_TOKEN, PAYJP_TDS_BACK",
      what: "card payments (PAY.JP)",
    });
  }
  if (!has(e, "SMTP_URL")) gaps.push({ settings: "SMTP_URL", what: "mail (reset links, sign-in codes)" });
  if (
    !has(e, "TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY") &&
    !has(e, "RECAPTCHA_PROJECT_ID", "RECAPTCHA_API_KEY", "RECAPTCHA_SITE_KEY")
  ) {
    gaps.push({
      settings:
        "TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY (or RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY, RECAPTCHA_SITE_KEY)",
      what: "the bot check",
    });
  }
  if (!has(e, "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM")) {
    gaps.push({
      settings: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM",
      what: "text messages (sign-in codes by SMS)",
    });
  }
  if (!has(e, "EKYC_API_BASE", "EKYC_API_KEY", "EKYC_API_SECRET", "EKYC_WEBHOOK_SECRET")) {
    gaps.push({
      settings: "EKYC_API_BASE, EKYC_API_KEY, EKYC_API_SECRET, EKYC_WEBHOOK_SECRET",
      what: "identity verification (eKYC)",
    });
  }
  return gaps;
}

/** The one message a refused production start prints. */
export function productionRefusal(gaps: Requirement[]): string {
  return [
    "APP_ENV=production needs a real provider for every service that moves money, verifies identity or sends codes. Missing:",
    ...gaps.map((g) => `  ${g.settings}: ${g.what}`),
    'See .env.example and the README\'s "Running in production".',
  ].join("\n");
}

/**
 * The stand-ins' own pages and endpoints: the sandbox providers (`/sandbox/…`: 3-D Secure, vouchers,
 * the ATM, the eKYC page, the bot check's tokens, the sign-in provider) and the development mailbox.
 * None of them answers in production, whatever the settings.
 */
export function isSandboxPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A broken escape is answered 400 before any route; read the path as it came.
  }
  path = path.replace(/\/{2,}/g, "/");
  return /^\/sandbox(\/|$)/i.test(path) || /^\/(ja|en)\/dev(\/|$)/i.test(path);
}
