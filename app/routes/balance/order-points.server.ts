import { data, redirect } from "react-router";
import { cancelTopUp } from "#core/money/top-ups/cancel-top-up.ts";
import { getVoucherTopUp } from "#core/money/top-ups/get-top-up.ts";
import { checkVoucherTopUp } from "#core/money/top-ups/start-voucher-top-up.ts";
import type { VoucherMethod } from "#core/money/top-ups/voucher-gateway.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { FormState } from "../../lib/form-state.ts";
import { orNotFound } from "../../lib/request.server.ts";
import { acceptedPath, TOP_UP_FIELDS, type TopUpValues } from "./order-points-paths.ts";

// The voucher top-up pages (`/balance/order-points/{cvs|payeasy}/`, `application/`, `accepted/`):
// what they share. The rules live in core/money/top-ups; this only reads forms and addresses.

/** Which of the two flows a request is in, from its path (the same modules serve both). */
export function topUpMethodOf(request: Request): VoucherMethod {
  return /\/order-points\/payeasy(?:\/|\.data|$)/.test(new URL(request.url).pathname) ? "payeasy" : "cvs";
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Reads the form (a POST body or a query string); anything else is ignored. A control character
 * (a NUL byte) becomes U+FFFD, as a browser would show it: still refused by the core's check, and
 * safe to carry in an address between the steps.
 */
export function topUpValues(source: FormData | URLSearchParams): TopUpValues {
  const out = {} as TopUpValues;
  for (const name of TOP_UP_FIELDS) {
    const v = source.get(name);
    out[name] = typeof v === "string" ? v.slice(0, 100).replace(CONTROL, "\uFFFD") : "";
  }
  return out;
}

/** The amount asked for: a quick pick when one is chosen, else what was typed. */
const amountOf = (v: TopUpValues) => (v.preset && v.preset !== "other" ? v.preset : v.amount);

/**
 * The core's check of the form: the store and amount to order, or the form's answer (each message
 * beside its field, in the page's language, with what was typed kept).
 */
export function checkTopUpForm(
  method: VoucherMethod,
  values: TopUpValues,
  lang: Locale,
): { ok: true; store: string | null; amount: number } | { ok: false; state: FormState; status: number } {
  try {
    return { ok: true, ...checkVoucherTopUp(method, { store: values.store, amount: amountOf(values) }) };
  } catch (error) {
    return { ok: false, ...failureOf(error, lang, values) };
  }
}

/** An expected failure as the form shows it; anything else is re-thrown. */
function failureOf(error: unknown, lang: Locale, values: TopUpValues): { state: FormState; status: number } {
  if (!isAppError(error)) throw error;
  const text = localizeError(error, lang);
  const errors = text.fields;
  return {
    state: { values, errors, ...(Object.keys(errors).length ? {} : { formError: text.message }) },
    status: error.status,
  };
}

/** The id in `?id=`; anything else names no page (404). */
export function topUpIdOf(request: Request): number {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw data("Page not found", { status: 404 });
  return Number(id);
}

/** A top-up's input for the core, from the form's values. */
export const topUpInput = (v: TopUpValues) => ({ store: v.store, amount: amountOf(v) });

/**
 * The member withdraws a voucher (the cancel button on step 1 and on its page); then its page shows
 * where it ended (cancelled, or paid if the money came first). Another member's or no top-up: 404.
 */
export async function cancelVoucherFromForm(
  ctx: CoreContext,
  o: { userId: number; form: FormData; lang: Locale },
) {
  const topUpId = Number(o.form.get("id"));
  if (!Number.isSafeInteger(topUpId) || topUpId < 1) throw data("Page not found", { status: 404 });
  const topUp = await orNotFound(() => getVoucherTopUp(ctx, { userId: o.userId, topUpId }));
  try {
    await cancelTopUp(ctx, { userId: o.userId, topUpId });
  } catch (error) {
    // Already paid, expired or cancelled meanwhile: its page says which.
    if (!isAppError(error)) throw error;
  }
  return redirect(acceptedPath(o.lang, topUp.method, topUp.id));
}
