import type { Localized } from "./locale.ts";

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
};

const DEFAULT_MESSAGES: Record<AppErrorCode, Localized> = {
  BAD_REQUEST: { ja: "リクエストの内容が正しくありません", en: "The request is not valid" },
  VALIDATION: { ja: "入力内容をご確認ください", en: "Please check what you entered" },
  UNAUTHORIZED: { ja: "ログインしてください", en: "Please log in" },
  PAYMENT_FAILED: {
    ja: "お支払いができませんでした。別のお支払い方法をお試しください",
    en: "The payment did not go through. Please try another payment method",
  },
  FORBIDDEN: { ja: "この操作は許可されていません", en: "You are not allowed to do this" },
  NOT_FOUND: { ja: "見つかりませんでした", en: "Not found" },
  CONFLICT: { ja: "すでに処理されています", en: "This has already been done" },
  RATE_LIMITED: {
    ja: "しばらく時間をおいてから、もう一度お試しください",
    en: "Too many attempts. Please wait a while and try again",
  },
  UNSUPPORTED_MEDIA_TYPE: { ja: "この形式のファイルは使えません", en: "This file type is not supported" },
  PAYLOAD_TOO_LARGE: { ja: "ファイルが大きすぎます", en: "The file is too large" },
};

export type AppErrorOptions = {
  message?: Localized;
  /** Messages for individual fields, shown beside them in forms and as `fields` in API errors. */
  fields?: Record<string, Localized>;
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly messages: Localized;
  readonly fields: Record<string, Localized>;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    const messages = options.message ?? DEFAULT_MESSAGES[code];
    super(messages.en);
    this.name = "AppError";
    this.code = code;
    this.messages = messages;
    this.fields = options.fields ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** Checked by shape, not class: the server and the page bundle each carry a copy of this module. */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as AppError).code === "string" &&
    typeof (error as AppError).messages === "object"
  );
}
