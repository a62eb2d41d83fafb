import { hasMessages } from "#i18n/catalogue";
import { type Message, msg, renderMessage } from "./i18n/translate.ts";
import type { Locale } from "./locale.ts";

/** Every failure the core reports on purpose. The doors map each code to a status once. */
const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION",
  "UNAUTHORIZED",
  "PAYMENT_FAILED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "HEADERS_TOO_LARGE",
  "UNAVAILABLE",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

const APP_ERROR_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  UNAUTHORIZED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  /** Headers past what the server reads (16 KiB): too many or too large cookies, as a rule. */
  HEADERS_TOO_LARGE: 431,
  /** An outside service (a payment or payout provider) did not answer: try again later. */
  UNAVAILABLE: 503,
};

export type AppErrorOptions = {
  /** What went wrong, as a catalogue message; without it, the code's own sentence (`appErrors.*`). */
  message?: Message;
  /** Messages for individual fields, shown beside them in forms and as `fields` in API errors. */
  fields?: Record<string, Message>;
  retryAfterSeconds?: number;
  /**
   * A stable, machine-readable name for the case, for programs that call the API (`reason` in its
   * error body): the identity codes of the spec's §8 catalogue, such as `login-blocked` (decision 034).
   */
  reasonCode?: string;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The sentence for the person, as a catalogue key and parameters: doors render it in their language. */
  readonly reason: Message;
  readonly fields: Record<string, Message>;
  readonly retryAfterSeconds: number | undefined;
  readonly reasonCode: string | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    const reason = options.message ?? msg(`appErrors.${code}`);
    // The English text is for logs only; people get `reason` rendered in their own language. A page
    // in Japanese has no English messages in the browser (decision 031): there the key stands in.
    super(hasMessages("en") ? renderMessage(reason, "en") : reason.key);
    this.name = "AppError";
    this.code = code;
    this.reason = reason;
    this.fields = options.fields ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.reasonCode = options.reasonCode;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** An error as one language sees it: the message and each field's message. */
export function localizeError(
  error: AppError,
  locale: Locale,
): { message: string; fields: Record<string, string> } {
  return {
    message: renderMessage(error.reason, locale),
    fields: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, renderMessage(v, locale)])),
  };
}

/** Checked by shape, not class: the server and the page bundle each carry a copy of this module. */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as AppError).code === "string" &&
    typeof (error as AppError).reason === "object"
  );
}

/** Whether a database error (or one it caused) is PostgreSQL's `code` (23505 unique, 23514 check…). */
export function isDatabaseError(error: unknown, code: "23505" | "23514"): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
