import { z } from "zod";
import { confirmEmailChange, requestEmailChange } from "#core/identity/change-email.ts";
import { changePassword } from "#core/identity/change-password.ts";
import { completeSignup } from "#core/identity/complete-signup.ts";
import {
  FIELD_LABELS,
  ZChangePassword,
  ZCompleteSignup,
  ZConfirmEmailChange,
  ZLogIn,
  ZRequestEmailChange,
  ZRequestPasswordReset,
  ZStartSignup,
  ZVerifySignup,
} from "#core/identity/fields.ts";
import { getAccount } from "#core/identity/get-account.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { IDENTITY_REASONS } from "#core/identity/identity-reasons.ts";
import { logIn } from "#core/identity/log-in.ts";
import { logOut } from "#core/identity/log-out.ts";
import { requestPasswordReset } from "#core/identity/request-password-reset.ts";
import { startSignup } from "#core/identity/start-signup.ts";
import {
  completeTwoStepLogin,
  sendTwoStepSms,
  type TwoStepMethods,
  ZTwoStepCode,
} from "#core/identity/two-step-login.ts";
import { verifySignupCode } from "#core/identity/verify-signup.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { msg, renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { defineRoute } from "../define.ts";
import { ZApiError } from "../responses.ts";

const ZUser = z.object({
  id: z.number().int(),
  email: z.email(),
  nickname: z.string(),
  role: z.enum(["member", "business", "operator"]),
  locale: z.enum(["ja", "en"]),
  createdAt: z.iso.datetime(),
});
export const ZTokenResponse = z.object({ token: z.string(), expiresAt: z.iso.datetime(), user: ZUser });
export const ZTicket = z.string().min(20).max(128);
/**
 * The bot check's token for this action, obtained by the client (Turnstile widget, reCAPTCHA
 * Enterprise `execute`, or the sandbox's `/sandbox/bot-check/token`). Without it the answer is 400
 * with `error.reason` "missing-recaptcha-token"; get a token and send again.
 */
export const ZBotCheck = {
  botCheckToken: z
    .string()
    .max(4096)
    .optional()
    .describe("Bot check token for this action; answers 400 missing-recaptcha-token when needed and absent"),
};
export const BOT_CHECK_RESPONSES = {
  400: { description: "Bot check token missing or expired (error.reason: missing-recaptcha-token)" },
  403: { description: "The bot check refused the token (error.reason: captcha-check-failed)" },
};

async function userJson(ctx: CoreContext, id: number) {
  const account = await getAccount(ctx, id);
  return { ...account, createdAt: account.createdAt.toISOString() };
}

/** What a sign-in that opened a session answers: the bearer token, when it ends, and the account. */
export async function tokenAnswer(
  ctx: CoreContext,
  session: { token: string; expiresAt: Date; user: { id: number } },
) {
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: await userJson(ctx, session.user.id),
  };
}

/** A refused sign-in (401): the shared error, with two-step verification on also the ticket and its methods. */
export const ZSignInRefused = z.strictObject({
  error: ZApiError.shape.error.extend({
    ticket: z.string().optional().describe("With multi-factor-auth-required: for POST /tokens/two-step"),
    methods: z
      .strictObject({ totp: z.boolean(), sms: z.boolean(), phoneHint: z.string().nullable() })
      .optional()
      .describe("With multi-factor-auth-required: the second factors the member has"),
  }),
});

/** A right first factor with two-step verification on: 401 multi-factor-auth-required and the ticket for POST /tokens/two-step. */
export function multiFactorAnswer(twoStep: { ticket: string; methods: TwoStepMethods }, locale: Locale) {
  return {
    status: 401,
    body: {
      error: {
        code: "UNAUTHORIZED",
        reason: IDENTITY_REASONS.multiFactorRequired,
        message: renderMessage(msg("twoStep.login.title"), locale),
        ticket: twoStep.ticket,
        methods: twoStep.methods,
      },
    },
  };
}

export const accountRoutes = [
  defineRoute({
    method: "post",
    path: "/signup",
    summary: "Start sign-up: mails a 6-digit code to the address",
    tag: "accounts",
    auth: "none",
    body: ZStartSignup.extend(ZBotCheck),
    labels: FIELD_LABELS,
    responses: {
      202: { description: "Code sent", schema: z.object({ signupToken: z.string(), email: z.email() }) },
      ...BOT_CHECK_RESPONSES,
      429: { description: "Too many codes for this address or network" },
    },
    async handler({ ctx, body, locale, ip }) {
      const { botCheckToken, ...input } = body;
      const { ticket, email } = await startSignup(ctx, { input, locale, ip, botCheckToken });
      return { status: 202, body: { signupToken: ticket, email } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/signup/verify",
    summary: "Confirm the emailed code",
    tag: "accounts",
    auth: "none",
    body: ZVerifySignup.extend({ signupToken: ZTicket }),
    labels: FIELD_LABELS,
    responses: {
      200: {
        description: "Address confirmed",
        schema: z.object({ email: z.email(), verified: z.boolean() }),
      },
    },
    async handler({ ctx, body }) {
      const { email } = await verifySignupCode(ctx, { ticket: body.signupToken, input: { code: body.code } });
      return { status: 200, body: { email, verified: true } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/signup/complete",
    summary: "Finish sign-up with a nickname; answers a bearer token",
    tag: "accounts",
    auth: "none",
    body: ZCompleteSignup.extend({ signupToken: ZTicket }),
    labels: FIELD_LABELS,
    responses: {
      201: { description: "Account created", schema: ZTokenResponse },
      403: { description: "Address not confirmed, or the sign-up expired" },
      409: { description: "The address was registered meanwhile" },
    },
    async handler({ ctx, body, ip, userAgent }) {
      const r = await completeSignup(ctx, {
        ticket: body.signupToken,
        input: { nickname: body.nickname },
        session: { kind: "api", persistent: true, ip, userAgent },
      });
      return {
        status: 201,
        body: await tokenAnswer(ctx, r),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/tokens",
    summary: "Log in with email and password; answers a bearer token (a bot check after repeated failures)",
    tag: "accounts",
    auth: "none",
    body: ZLogIn.extend(ZBotCheck),
    labels: FIELD_LABELS,
    responses: {
      201: { description: "Logged in", schema: ZTokenResponse },
      ...BOT_CHECK_RESPONSES,
      401: {
        schema: ZSignInRefused,
        description:
          "Wrong email or password, or no such account (`reason`: user-not-found); or, with two-step verification on, `reason` multi-factor-auth-required with a ticket for POST /tokens/two-step",
      },
      429: { description: "Too many attempts (`reason`: login-blocked)" },
    },
    async handler({ ctx, body, ip, userAgent, locale }) {
      const { botCheckToken, ...input } = body;
      const r = await logIn(ctx, {
        input,
        kind: "api",
        persistent: true,
        ip,
        userAgent,
        botCheckToken,
      }).catch((error: unknown) => {
        throw asLoginError(error);
      });
      if (r.twoStep) return multiFactorAnswer(r.twoStep, locale);
      return {
        status: 201,
        body: await tokenAnswer(ctx, r),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/tokens/two-step",
    summary:
      "Finish a log-in that needs two-step verification: the ticket and an authenticator, SMS or backup code",
    tag: "accounts",
    auth: "none",
    body: ZTwoStepCode.extend({ ticket: ZTicket }),
    labels: FIELD_LABELS,
    responses: {
      201: { description: "Logged in", schema: ZTokenResponse },
      401: { description: "The ticket expired, was used, or the fifth wrong code ended it: log in again" },
      422: { description: "Wrong code (counted)" },
      429: { description: "Too many attempts" },
    },
    async handler({ ctx, body, ip, userAgent }) {
      const r = await completeTwoStepLogin(ctx, {
        ticket: body.ticket,
        input: { code: body.code },
        ip,
        userAgent,
      });
      return {
        status: 201,
        body: await tokenAnswer(ctx, r),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/tokens/two-step/sms",
    summary: "Text a code for a log-in's second step to the member's verified phone number",
    tag: "accounts",
    auth: "none",
    body: z.object({ ticket: ZTicket }),
    labels: FIELD_LABELS,
    responses: {
      202: { description: "Code sent", schema: z.object({ phoneHint: z.string() }) },
      401: { description: "The ticket expired or was used" },
      409: { description: "The member does not receive codes by SMS" },
      429: { description: "Too many codes for this number or network" },
    },
    async handler({ ctx, body, ip, locale }) {
      const r = await sendTwoStepSms(ctx, { ticket: body.ticket, ip, locale });
      return { status: 202, body: r };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me",
    summary: "The logged-in account",
    tag: "accounts",
    auth: "user",
    responses: { 200: { description: "The account", schema: ZUser } },
    async handler({ ctx, actor }) {
      return { status: 200, body: await userJson(ctx, actor!.id), headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/logout",
    summary: "End the session or token used for this call",
    tag: "accounts",
    auth: "user",
    responses: { 204: { description: "Logged out" } },
    async handler({ ctx, token }) {
      await logOut(ctx, { token });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "post",
    path: "/password-reset",
    summary: "Mail a password-reset link (the answer never says whether the address is registered)",
    tag: "accounts",
    auth: "none",
    body: ZRequestPasswordReset.extend(ZBotCheck),
    labels: FIELD_LABELS,
    responses: {
      202: { description: "If the address is registered, a link was sent", empty: true },
      ...BOT_CHECK_RESPONSES,
      429: { description: "Too many requests" },
    },
    async handler({ ctx, body, locale, ip }) {
      const { botCheckToken, ...input } = body;
      await requestPasswordReset(ctx, { input, locale, ip, botCheckToken });
      return { status: 202 };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/password",
    summary: "Change the password (needs the current one); ends the account's other sessions",
    tag: "accounts",
    auth: "user",
    body: ZChangePassword,
    labels: FIELD_LABELS,
    responses: { 204: { description: "Changed" } },
    async handler({ ctx, body, actor }) {
      await changePassword(ctx, { actor: actor!, input: body });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/email",
    summary: "Start an email change (needs the current password): mails a code to the new address",
    tag: "accounts",
    auth: "user",
    body: ZRequestEmailChange,
    labels: FIELD_LABELS,
    responses: {
      202: { description: "Code sent", schema: z.object({ emailChangeToken: z.string(), email: z.email() }) },
    },
    async handler({ ctx, body, actor, locale, ip }) {
      const r = await requestEmailChange(ctx, { actor: actor!, input: body, locale, ip });
      return { status: 202, body: { emailChangeToken: r.ticket, email: r.email } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/email/confirm",
    summary: "Confirm the code sent to the new address",
    tag: "accounts",
    auth: "user",
    body: ZConfirmEmailChange.extend({ emailChangeToken: ZTicket }),
    labels: FIELD_LABELS,
    responses: { 200: { description: "Changed", schema: ZUser } },
    async handler({ ctx, body, actor }) {
      await confirmEmailChange(ctx, {
        actor: actor!,
        ticket: body.emailChangeToken,
        input: { code: body.code },
      });
      return { status: 200, body: await userJson(ctx, actor!.id) };
    },
  }),
];
