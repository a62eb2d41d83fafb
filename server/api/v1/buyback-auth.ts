import { z } from "zod";
import { authorizeBuyer } from "#core/buyback/authorize-buyer.ts";
import { saveBuyerAccount } from "#core/buyback/buyer-account.ts";
import { BUYER_LABELS, ZBuyerAccount, ZBuyerLogIn, ZBuyerLoginCode } from "#core/buyback/buyer-fields.ts";
import { logInBuyer, sendBuyerLoginCode } from "#core/buyback/buyer-login.ts";
import type { Buyer } from "#core/buyback/buyers.ts";
import { logOut } from "#core/identity/log-out.ts";
import { defineRoute } from "../define.ts";

const ZBuyer = z.object({
  id: z.number().int(),
  email: z.email(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  setupAt: z.iso.datetime().nullable(),
});

function buyerJson(b: Buyer) {
  return {
    id: b.userId,
    email: b.email,
    name: b.name,
    companyId: b.companyId,
    companyName: b.companyName,
    setupAt: b.setupAt?.toISOString() ?? null,
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

export const buybackAuthRoutes = [
  defineRoute({
    method: "post",
    path: "/buyback/login/code",
    summary:
      "Business buyers: mail a 6-digit login code (the answer is the same for every address; only a buyer's gets a mail)",
    tag: "buyback",
    auth: "none",
    body: ZBuyerLoginCode,
    labels: BUYER_LABELS,
    responses: {
      202: {
        description: "If the address is a buyer's, a code was sent",
        schema: z.object({ email: z.email() }),
      },
      429: { description: "Too many codes for this address or network" },
    },
    async handler({ ctx, body, locale, ip }) {
      const { email } = await sendBuyerLoginCode(ctx, { input: body, locale, ip });
      return { status: 202, body: { email } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/login",
    summary:
      "Business buyers: log in with the address and the emailed code; answers a bearer token (kept a year with keep, else a week)",
    tag: "buyback",
    auth: "none",
    body: ZBuyerLogIn.extend({ keep: z.boolean().optional() }),
    labels: BUYER_LABELS,
    responses: {
      201: {
        description: "Logged in",
        schema: z.object({ token: z.string(), expiresAt: z.iso.datetime(), buyer: ZBuyer }),
      },
      422: { description: "Wrong code, or the code expired, was used or had 5 wrong guesses" },
      429: { description: "Too many guesses from this network" },
    },
    async handler({ ctx, body, ip, userAgent }) {
      const r = await logInBuyer(ctx, {
        input: { email: body.email, code: body.code },
        kind: "api",
        persistent: body.keep === true,
        ip,
        userAgent,
      });
      return {
        status: 201,
        body: { token: r.token, expiresAt: r.expiresAt.toISOString(), buyer: buyerJson(r.buyer) },
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/buyback/logout",
    summary: "Business buyers: end the session or token used for this call",
    tag: "buyback",
    auth: "user",
    responses: { 204: { description: "Logged out" } },
    async handler({ ctx, token }) {
      await logOut(ctx, { token });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "get",
    path: "/buyback/account",
    summary: "Business buyers: the account settings (company name, user name, e-mail)",
    tag: "buyback",
    auth: "user",
    responses: {
      200: { description: "The buyer's account", schema: ZBuyer },
      403: { description: "Not a business buyer's account" },
    },
    async handler({ ctx, actor }) {
      return { status: 200, body: buyerJson(await authorizeBuyer(ctx, actor)), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "put",
    path: "/buyback/account",
    summary:
      "Business buyers: save the account settings; a new e-mail is confirmed with the code sent to it (POST /me/email/confirm)",
    tag: "buyback",
    auth: "user",
    body: ZBuyerAccount,
    labels: BUYER_LABELS,
    responses: {
      200: {
        description: "Saved; emailChangeToken is set when a code went to a new address",
        schema: z.object({
          account: ZBuyer,
          pendingEmail: z.email().nullable(),
          emailChangeToken: z.string().nullable(),
        }),
      },
      403: { description: "Not a business buyer's account" },
    },
    async handler({ ctx, body, actor, locale, ip }) {
      const r = await saveBuyerAccount(ctx, { actor, input: body, locale, ip });
      return {
        status: 200,
        body: {
          account: buyerJson(r.buyer),
          pendingEmail: r.emailChange?.email ?? null,
          emailChangeToken: r.emailChange?.ticket ?? null,
        },
        headers: NO_STORE,
      };
    },
  }),
];
