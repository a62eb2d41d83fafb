import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import type { EkycSettings } from "#core/account/ekyc-provider.ts";
import type { RecaptchaSettings } from "#core/identity/bot-check-recaptcha.ts";
import type { TurnstileSettings } from "#core/identity/bot-check-turnstile.ts";
import type { IdentityProvider, ProviderSettings } from "#core/identity/identity-providers.ts";
import type { PayjpSettings } from "#core/money/payments/payjp-gateway.ts";
import type { KomojuSettings } from "#core/money/top-ups/komoju-vouchers.ts";
import type { TwilioSettings } from "#core/notify/twilio-sms.ts";
import type { S3Settings } from "#core/storage/s3-blob-store.ts";
import { dataDirLayout } from "#db/data-dir.ts";
import { defaultWriteConnections } from "#db/priority.ts";
import type { AdmissionSettings } from "./admission.ts";
import { PROFILES, type Profile, productionGaps, productionRefusal } from "./profile.ts";

/** Requests of one class a server process answers at once (decision 049); 0 means no limit. */
function admissionLimit(fallback: number) {
  return z.coerce
    .number()
    .int()
    .min(0, "must be 0 (no limit) or more")
    .max(10_000, "must be at most 10000")
    .default(fallback);
}

/** PostgreSQL connections of each server process, writes' and reads' together. */
const DATABASE_POOL_SIZE = 10;

const ZEnv = z.object({
  APP_ENV: z.enum(PROFILES, { error: "must be demo or production" }).default("demo"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address such as https://tsugu.example" })
    .optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// address" }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (off) or more")
    .max(300, "must be at most 300")
    .default(10),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, "must be 1 or more")
    .max(64, "must be at most 64")
    .optional(),
  TRUST_PROXY: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (no proxy) or the number of proxies in front")
    .max(5, "must be at most 5")
    .default(0),
  // Per process, from bench/overload.ts on two cores: past 8 pages at once a page renders no sooner,
  // it only waits longer; API reads mostly come from memory; a write's budget drains in about
  // 3 s at the embedded database's 20 purchases a second. A full class queues 8 requests per slot:
  // a page takes tens of milliseconds under load, so the longest wait is a few hundred (decision 049).
  // Writes first (decision 050): of the 10 PostgreSQL connections of each server process, these are
  // kept for writes (a third by default), and a read's statement is cut off after this long.
  DATABASE_WRITE_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1, "must be 1 or more")
    .max(DATABASE_POOL_SIZE - 1, `must be at most ${DATABASE_POOL_SIZE - 1}, leaving reads a connection`)
    .default(defaultWriteConnections(DATABASE_POOL_SIZE)),
  DATABASE_READ_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (no limit) or more")
    .max(600_000, "must be at most 600000")
    .default(5_000),
  ADMISSION_PAGES: admissionLimit(8),
  ADMISSION_API_READS: admissionLimit(16),
  ADMISSION_WRITES: admissionLimit(64),
  ADMISSION_WEBHOOKS: admissionLimit(64),
  ADMISSION_QUEUE: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (no waiting: refused as soon as the class is full) or more")
    .max(100, "must be at most 100")
    .default(8),
  ADMISSION_BUSY_LOOP_MS: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (never) or more")
    .max(10_000, "must be at most 10000")
    .default(50),
  ADMISSION_READ_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0, "must be 0 (no limit) or more")
    .max(60_000, "must be at most 60000")
    .default(500),
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(5, "must be at least 5").max(3600).default(300),
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(5, "must be at least 5").max(3600).default(120),
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters")
    .max(512, "must be at most 512 characters")
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, "must be a bearer token: letters, digits and - . _ ~ + / only")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address such as https://s3.example" })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)",
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address such as https://media.tsugu.example" })
    .optional(),
  PAYJP_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, "must be a PAY.JP secret key (sk_test_… or sk_live_…)")
    .optional(),
  PAYJP_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a PAY.JP public key (pk_test_… or pk_live_…)")
    .optional(),
  PAYJP_WEBHOOK_TOKEN: z.string().min(8).optional(),
  PAYJP_TDS_BACK: z.string().min(1).optional(),
  PAYJP_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  TURNSTILE_SITE_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, "must be a Turnstile site key (0x4AAA…)")
    .optional(),
  TURNSTILE_SECRET_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, "must be a Turnstile secret key (0x4AAA…)")
    .optional(),
  TURNSTILE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  RECAPTCHA_PROJECT_ID: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
      "must be a Google Cloud project id (6-30 lower-case letters, digits, hyphens)",
    )
    .optional(),
  RECAPTCHA_API_KEY: z
    .string()
    .regex(/^[\w-]{20,128}$/, "must be a Google Cloud API key")
    .optional(),
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]{20,128}$/, "must be a reCAPTCHA Enterprise score key")
    .optional(),
  RECAPTCHA_SCORE_THRESHOLD: z.coerce
    .number()
    .min(0, "must be between 0.0 and 1.0")
    .max(1, "must be between 0.0 and 1.0")
    .default(0.5),
  RECAPTCHA_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, "must be a VAPID public key (base64url, 87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,46}$/, "must be a VAPID private key (base64url, 43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// address")
    .optional(),
  KOMOJU_SECRET_KEY: z.string().min(8, "must be at least 8 characters").max(256).optional(),
  KOMOJU_WEBHOOK_SECRET: z.string().min(8, "must be at least 8 characters").max(512).optional(),
  KOMOJU_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, "must be a Twilio account SID (AC followed by 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be a Twilio auth token (32 hex digits)")
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-f]{32}|[A-Za-z][A-Za-z0-9 ]{2,10})$/,
      "must be a number in E.164 form (+81…), a messaging service SID (MG…) or an alphanumeric sender ID",
    )
    .optional(),
  TWILIO_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  EKYC_API_BASE: z
    .url({ protocol: /^https?$/, error: "must be the eKYC provider's http(s) API address" })
    .optional(),
  EKYC_API_KEY: z.string().min(8, "must be at least 8 characters").max(512).optional(),
  EKYC_API_SECRET: z.string().min(8, "must be at least 8 characters").max(512).optional(),
  EKYC_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").max(512).optional(),
  LINE_CLIENT_ID: z.string().min(1).max(256).optional(),
  LINE_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  LINE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address" })
    .default("https://access.line.me"),
  GOOGLE_CLIENT_ID: z.string().min(1).max(256).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address" })
    .default("https://accounts.google.com"),
  APPLE_CLIENT_ID: z.string().min(1).max(256).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  APPLE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s) address" })
    .default("https://appleid.apple.com"),
});

/** Sign in with LINE, Google and Apple (decision 037): a client id and secret each, or neither (the sandbox). */
const PROVIDER_SETTINGS = {
  line: ["LINE_CLIENT_ID", "LINE_CLIENT_SECRET", "LINE_ISSUER"],
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER"],
  apple: ["APPLE_CLIENT_ID", "APPLE_CLIENT_SECRET", "APPLE_ISSUER"],
} as const;

const VAPID_SETTINGS = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"] as const;

const TURNSTILE_SETTINGS = ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"] as const;
const RECAPTCHA_SETTINGS = ["RECAPTCHA_PROJECT_ID", "RECAPTCHA_API_KEY", "RECAPTCHA_SITE_KEY"] as const;

const PAYJP_SETTINGS = [
  "PAYJP_SECRET_KEY",
  "PAYJP_PUBLIC_KEY",
  "PAYJP_WEBHOOK_TOKEN",
  "PAYJP_TDS_BACK",
] as const;

const KOMOJU_SETTINGS = ["KOMOJU_SECRET_KEY", "KOMOJU_WEBHOOK_SECRET"] as const;
const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
const EKYC_SETTINGS = ["EKYC_API_BASE", "EKYC_API_KEY", "EKYC_API_SECRET", "EKYC_WEBHOOK_SECRET"] as const;

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
] as const;

export type Config = {
  /** `demo` (stand-ins, demo data, sandbox pages) or `production` (real providers only): decision 045. */
  profile: Profile;
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  sessionSecret: string;
  mailFrom: string;
  logLevel: string;
  /** The development mailbox is open only while mail is kept locally instead of being sent. */
  devMailbox: boolean;
  /** How long anonymous visitors' catalogue pages are kept (decision 010); 0 turns the cache off. */
  pageCacheSeconds: number;
  /**
   * How many proxies (a load balancer, a TLS terminator) stand in front of the server and append
   * to X-Forwarded-For: the visitor's address is read that many entries from its end. 0: the socket.
   */
  trustProxy: number;
  /**
   * Server processes `npm start` runs on PostgreSQL (one per core unless set). The embedded database
   * belongs to one process, so PGlite always runs one.
   */
  webConcurrency: number | undefined;
  /**
   * Admission control (decision 049): how many requests of each class (visitors' and members'
   * pages, API reads, writes, providers' webhooks) one server process answers at once, and how long
   * a request may wait for a slot before it is answered 503 with Retry-After. A limit of 0 is none.
   */
  admission: AdmissionSettings;
  /**
   * PostgreSQL (decision 050): the connections of each server process kept for writes (the rest of
   * its 10 are for reads), and how long a read's statement may run before it is cut off (0: no limit).
   */
  database: { writeConnections: number; readTimeoutMs: number };
  /**
   * How often purchases and payments are reconciled with the card provider, and how long a request
   * or payment must have been left untouched before reconciliation takes it over.
   */
  reconcile: { everyMs: number; staleMs: number };
  /**
   * Bearer token that opens `/metrics` to a scraper from anywhere; without it, `/metrics` answers
   * only requests from this machine that did not come through a proxy.
   */
  metricsToken: string | undefined;
  /** Uploaded files go to this bucket when set, else to DATA_DIR/blobs. */
  s3: S3Settings | undefined;
  /** Card payments go to PAY.JP when set, else to the built-in sandbox. */
  payjp: PayjpSettings | undefined;
  /** The bot check on sign-up, password reset and sign-in after failures: the sandbox unless one of these is set. */
  turnstile: TurnstileSettings | undefined;
  recaptcha: RecaptchaSettings | undefined;
  /**
   * Web Push's VAPID keys and contact: from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (set both or
   * neither), else a pair generated once and kept in the data folder. The subject is VAPID_SUBJECT,
   * else the public address (a mailto: or https: address push services may contact).
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * LINE, Google and Apple sign-in as configured; a provider missing here is served by the sandbox
   * in the demo and not offered in production.
   */
  providers: Partial<Record<IdentityProvider, ProviderSettings>>;
  /** Convenience-store and Pay-easy vouchers through KOMOJU; without it, the demo's stand-in or none. */
  komoju: KomojuSettings | undefined;
  /** Text messages through Twilio's Messages API; without it, the demo's stand-in. */
  twilio: TwilioSettings | undefined;
  /** Identity verification through the eKYC provider's API; without it, the demo's stand-in. */
  ekyc: EkycSettings | undefined;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads settings from the environment only; a wrong value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blank = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = ZEnv.safeParse(blank);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const e = parsed.data;
  const missingS3 = S3_SETTINGS.filter((name) => e[name] === undefined);
  if (missingS3.length > 0 && missingS3.length < S3_SETTINGS.length) {
    throw new ConfigError(
      `Invalid settings in the environment:\n  S3 storage needs all of ${S3_SETTINGS.join(", ")} or none of them; missing: ${missingS3.join(", ")}\nSee .env.example.`,
    );
  }
  const missingPayjp = PAYJP_SETTINGS.filter((name) => e[name] === undefined);
  if (missingPayjp.length > 0 && missingPayjp.length < PAYJP_SETTINGS.length) {
    throw new ConfigError(
      `Invalid settings in the environment:\n  PAY.JP needs all of ${PAYJP_SETTINGS.join(", ")} or none of them; missing: ${missingPayjp.join(", ")}\nSee .env.example.`,
    );
  }
  for (const [service, names] of [
    ["KOMOJU", KOMOJU_SETTINGS],
    ["Twilio", TWILIO_SETTINGS],
    ["eKYC", EKYC_SETTINGS],
    ["Web Push", VAPID_SETTINGS],
    ["Turnstile", TURNSTILE_SETTINGS],
    ["reCAPTCHA Enterprise", RECAPTCHA_SETTINGS],
  ] as const) {
    const missing = names.filter((name) => e[name] === undefined);
    if (missing.length > 0 && missing.length < names.length) {
      throw new ConfigError(
        `Invalid settings in the environment:\n  ${service} needs all of ${names.join(", ")} or none of them; missing: ${missing.join(", ")}\nSee .env.example.`,
      );
    }
  }
  const providers: Partial<Record<IdentityProvider, ProviderSettings>> = {};
  for (const [provider, [id, secret, issuer]] of Object.entries(PROVIDER_SETTINGS)) {
    const clientId = e[id];
    const clientSecret = e[secret];
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      throw new ConfigError(
        `Invalid settings in the environment:\n  ${provider} sign-in needs both ${id} and ${secret} or neither; missing: ${clientId ? secret : id}\nSee .env.example.`,
      );
    }
    if (clientId && clientSecret) {
      providers[provider as IdentityProvider] = {
        clientId,
        clientSecret,
        issuer: e[issuer].replace(/\/+$/, ""),
      };
    }
  }
  if (e.TURNSTILE_SECRET_KEY && e.RECAPTCHA_API_KEY) {
    throw new ConfigError(
      "Invalid settings in the environment:\n  choose one bot check: the TURNSTILE_* settings or the RECAPTCHA_* settings, not both\nSee .env.example.",
    );
  }
  if (e.APP_ENV === "production") {
    const gaps = productionGaps(e);
    if (gaps.length > 0) throw new ConfigError(productionRefusal(gaps));
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    profile: e.APP_ENV,
    env: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir),
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : localVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? vapidSubjectOf(publicUrl),
    },
    mailFrom: e.MAIL_FROM ?? `Tsugu <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: e.LOG_LEVEL,
    devMailbox: !e.SMTP_URL,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    webConcurrency: e.WEB_CONCURRENCY,
    database: { writeConnections: e.DATABASE_WRITE_CONNECTIONS, readTimeoutMs: e.DATABASE_READ_TIMEOUT_MS },
    admission: {
      limits: {
        pages: e.ADMISSION_PAGES,
        api_reads: e.ADMISSION_API_READS,
        writes: e.ADMISSION_WRITES,
        webhooks: e.ADMISSION_WEBHOOKS,
      },
      queuePerSlot: e.ADMISSION_QUEUE,
      busyLoopMs: e.ADMISSION_BUSY_LOOP_MS,
      readWaitMs: e.ADMISSION_READ_WAIT_MS,
    },
    reconcile: { everyMs: e.RECONCILE_EVERY_SECONDS * 1000, staleMs: e.RECONCILE_AFTER_SECONDS * 1000 },
    metricsToken: e.METRICS_TOKEN,
    s3:
      e.S3_ENDPOINT &&
      e.S3_BUCKET &&
      e.S3_REGION &&
      e.S3_ACCESS_KEY_ID &&
      e.S3_SECRET_ACCESS_KEY &&
      e.S3_PUBLIC_URL
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL.replace(/\/+$/, ""),
          }
        : undefined,
    payjp:
      e.PAYJP_SECRET_KEY && e.PAYJP_PUBLIC_KEY && e.PAYJP_WEBHOOK_TOKEN && e.PAYJP_TDS_BACK
        ? {
            secretKey: e.PAYJP_SECRET_KEY,
            publicKey: e.PAYJP_PUBLIC_KEY,
            webhookToken: e.PAYJP_WEBHOOK_TOKEN,
            tdsBackName: e.PAYJP_TDS_BACK,
            ...(e.PAYJP_API_BASE ? { apiBase: e.PAYJP_API_BASE } : {}),
          }
        : undefined,
    turnstile:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? {
            siteKey: e.TURNSTILE_SITE_KEY,
            secretKey: e.TURNSTILE_SECRET_KEY,
            ...(e.TURNSTILE_API_BASE ? { apiBase: e.TURNSTILE_API_BASE } : {}),
          }
        : undefined,
    recaptcha:
      e.RECAPTCHA_PROJECT_ID && e.RECAPTCHA_API_KEY && e.RECAPTCHA_SITE_KEY
        ? {
            projectId: e.RECAPTCHA_PROJECT_ID,
            apiKey: e.RECAPTCHA_API_KEY,
            siteKey: e.RECAPTCHA_SITE_KEY,
            scoreThreshold: e.RECAPTCHA_SCORE_THRESHOLD,
            ...(e.RECAPTCHA_API_BASE ? { apiBase: e.RECAPTCHA_API_BASE } : {}),
          }
        : undefined,
    providers,
    komoju:
      e.KOMOJU_SECRET_KEY && e.KOMOJU_WEBHOOK_SECRET
        ? {
            secretKey: e.KOMOJU_SECRET_KEY,
            webhookSecret: e.KOMOJU_WEBHOOK_SECRET,
            ...(e.KOMOJU_API_BASE ? { apiBase: e.KOMOJU_API_BASE.replace(/\/+$/, "") } : {}),
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            statusCallbackUrl: `${publicUrl}/webhooks/twilio/status`,
            ...(e.TWILIO_API_BASE ? { apiBase: e.TWILIO_API_BASE.replace(/\/+$/, "") } : {}),
          }
        : undefined,
    ekyc:
      e.EKYC_API_BASE && e.EKYC_API_KEY && e.EKYC_API_SECRET && e.EKYC_WEBHOOK_SECRET
        ? {
            apiBase: e.EKYC_API_BASE.replace(/\/+$/, ""),
            apiKey: e.EKYC_API_KEY,
            apiSecret: e.EKYC_API_SECRET,
            webhookSecret: e.EKYC_WEBHOOK_SECRET,
          }
        : undefined,
  };
}

/**
 * Without SESSION_SECRET a random one is kept in the data folder, so a local install works out of
 * the box and sessions survive restarts. Servers that share a database must set SESSION_SECRET.
 */
function localSecret(dataDir: string): string {
  const file = dataDirLayout(dataDir).sessionSecret;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY a pair is generated once and kept in the data
 * folder, like the session secret: browsers that subscribed keep receiving after a restart.
 */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = dataDirLayout(dataDir).vapidKeys;
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Push services want a way to reach the sender: the site's https address, else a mailbox on its host. */
function vapidSubjectOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === "https:"
    ? url.origin
    : `mailto:no-reply@${url.hostname === "localhost" ? "tsugu.example" : url.hostname}`;
}
