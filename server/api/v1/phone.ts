import { z } from "zod";
import { confirmPhoneVerification } from "#core/identity/confirm-phone-verification.ts";
import { PHONE_FIELD_LABELS, ZPhoneCode, ZPhoneNumberInput } from "#core/identity/phone-fields.ts";
import { startPhoneVerification } from "#core/identity/start-phone-verification.ts";
import { defineRoute } from "../define.ts";

const ZTicket = z.string().min(20).max(128);

export const phoneRoutes = [
  defineRoute({
    method: "post",
    path: "/me/phone",
    summary: "Start verifying a mobile number: texts a 6-digit code (10 minutes, 5 tries)",
    tag: "settings",
    auth: "user",
    body: ZPhoneNumberInput,
    labels: PHONE_FIELD_LABELS,
    responses: {
      202: {
        description: "Code sent",
        schema: z.object({ phoneVerificationToken: z.string(), phoneNumber: z.string() }),
      },
      429: { description: "Too many codes for this number, member or network" },
    },
    async handler({ ctx, actor, body, locale, ip }) {
      const r = await startPhoneVerification(ctx, { actor: actor!, input: body, locale, ip });
      return { status: 202, body: { phoneVerificationToken: r.ticket, phoneNumber: r.phoneNumber } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/phone/verify",
    summary: "Confirm the texted code; the number becomes the member's verified phone",
    tag: "settings",
    auth: "user",
    body: ZPhoneCode.extend({ phoneVerificationToken: ZTicket }),
    labels: PHONE_FIELD_LABELS,
    responses: {
      200: {
        description: "Verified",
        schema: z.object({ phoneNumber: z.string(), verifiedAt: z.iso.datetime() }),
      },
      409: { description: "Another account verified this number meanwhile" },
    },
    async handler({ ctx, actor, body }) {
      const r = await confirmPhoneVerification(ctx, {
        actor: actor!,
        ticket: body.phoneVerificationToken,
        input: { code: body.code },
      });
      return { status: 200, body: { phoneNumber: r.phoneNumber, verifiedAt: r.verifiedAt.toISOString() } };
    },
  }),
];
