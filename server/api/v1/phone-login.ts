import { z } from "zod";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { PHONE_FIELD_LABELS, ZPhoneCode, ZPhoneNumberInput } from "#core/identity/phone-fields.ts";
import { completePhoneLogin, startPhoneLogin } from "#core/identity/phone-login.ts";
import { defineRoute } from "../define.ts";
import {
  BOT_CHECK_RESPONSES,
  multiFactorAnswer,
  tokenAnswer,
  ZBotCheck,
  ZSignInRefused,
  ZTicket,
  ZTokenResponse,
} from "./accounts.ts";

/** Signing in with a code texted to a verified mobile number (decision 038). */
export const phoneLoginRoutes = [
  defineRoute({
    method: "post",
    path: "/tokens/phone",
    summary:
      "Text a sign-in code to a verified mobile number; answers a ticket (the same answer for a number with no account, which gets no text)",
    tag: "accounts",
    auth: "none",
    body: ZPhoneNumberInput.extend(ZBotCheck),
    labels: PHONE_FIELD_LABELS,
    responses: {
      202: {
        description: "Code sent when the number is registered",
        schema: z.object({ ticket: z.string(), phoneNumber: z.string() }),
      },
      ...BOT_CHECK_RESPONSES,
      422: { description: "Not a mobile number (090, 080, 070 or 060, then 4 and 4 digits)" },
      429: { description: "Too many codes for this number or network" },
    },
    async handler({ ctx, body, ip, locale }) {
      const { botCheckToken, ...input } = body;
      const r = await startPhoneLogin(ctx, { input, locale, ip, botCheckToken });
      return { status: 202, body: r };
    },
  }),
  defineRoute({
    method: "post",
    path: "/tokens/phone/verify",
    summary: "Log in with the ticket and the texted code; answers a bearer token",
    tag: "accounts",
    auth: "none",
    body: ZPhoneCode.extend({ ticket: ZTicket }),
    labels: PHONE_FIELD_LABELS,
    responses: {
      201: { description: "Logged in", schema: ZTokenResponse },
      401: {
        schema: ZSignInRefused,
        description:
          "With an authenticator app set up, `reason` multi-factor-auth-required with a ticket for POST /tokens/two-step",
      },
      403: { description: "The account is suspended, or is a staff account" },
      422: {
        description:
          "Wrong code (counted), or the code expired, was used or had five wrong guesses: ask for a new one",
      },
      429: { description: "Too many attempts (`reason`: login-blocked)" },
    },
    async handler({ ctx, body, ip, userAgent, locale }) {
      const r = await completePhoneLogin(ctx, {
        ticket: body.ticket,
        input: { code: body.code },
        kind: "api",
        persistent: true,
        ip,
        userAgent,
      }).catch((error: unknown) => {
        throw asLoginError(error);
      });
      if (r.twoStep) return multiFactorAnswer(r.twoStep, locale);
      return { status: 201, body: await tokenAnswer(ctx, r) };
    },
  }),
];
