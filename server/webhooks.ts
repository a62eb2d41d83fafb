import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { receiveIdentityCallback } from "#core/account/refresh-identity-check.ts";
import { receivePaymentWebhook } from "#core/money/payments/receive-webhook.ts";
import { createSandboxCardToken } from "#core/money/payments/sandbox-gateway.ts";
import { receiveVoucherWebhook } from "#core/money/top-ups/receive-voucher-webhook.ts";
import { receiveSmsStatus } from "#core/notify/send-sms.ts";
import { readTwilioStatus, verifyTwilioSignature } from "#core/notify/twilio-sms.ts";
import { AppError, isAppError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { readBody } from "./api/body.ts";
import { convertKeys, toCamel, toSnake } from "./api/case.ts";
import { PAYMENT_PURPOSES } from "./payment-purposes.ts";
import type { AppServices } from "./router-context.ts";

const MAX_EVENT_BYTES = 256 * 1024;

function headersOf(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return headers;
}

function fail(error: AppError) {
  return Response.json({ error: { code: error.code, message: error.message } }, { status: error.status });
}

/**
 * What outside services call: card providers' webhooks (`/webhooks/{provider}`), and, while the
 * payments sandbox is the provider, its own tokenisation endpoint, which the browser calls with
 * the card details so that they never reach our merchant endpoints.
 */
export function createProviderRoutes(services: AppServices): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const ctx = services.core;

  // The eKYC provider's result callback: signed; the result itself is read from the provider.
  app.post("/webhooks/ekyc", async (c) => {
    const bytes = await readBody(c.req.raw, MAX_EVENT_BYTES);
    if (!bytes) return fail(new AppError("PAYLOAD_TOO_LARGE"));
    try {
      const result = await receiveIdentityCallback(ctx, {
        headers: headersOf(c.req.raw),
        body: new TextDecoder().decode(bytes),
      });
      return c.json({ received: true, applied: result.applied });
    } catch (error) {
      if (isAppError(error)) return fail(error);
      throw error;
    }
  });

  // Twilio's delivery status for a text message (form-encoded, signed over our public address).
  app.post("/webhooks/twilio/status", async (c) => {
    const twilio = services.config.twilio;
    const bytes = await readBody(c.req.raw, MAX_EVENT_BYTES);
    if (!bytes) return fail(new AppError("PAYLOAD_TOO_LARGE"));
    if (!twilio) return fail(new AppError("NOT_FOUND"));
    const params = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
    const signed = verifyTwilioSignature(twilio.authToken, {
      url: twilio.statusCallbackUrl,
      params,
      signature: c.req.header("x-twilio-signature"),
    });
    if (!signed) return fail(new AppError("UNAUTHORIZED"));
    const status = readTwilioStatus(params);
    if (!status) return fail(new AppError("BAD_REQUEST"));
    try {
      const applied = await receiveSmsStatus(ctx, { provider: ctx.sms.name, ...status });
      return c.json({ received: true, applied });
    } catch (error) {
      if (isAppError(error)) return fail(error);
      throw error;
    }
  });

  app.post("/webhooks/:provider", async (c) => {
    const bytes = await readBody(c.req.raw, MAX_EVENT_BYTES);
    if (!bytes) return fail(new AppError("PAYLOAD_TOO_LARGE"));
    const headers = headersOf(c.req.raw);
    try {
      const provider = c.req.param("provider");
      const body = new TextDecoder().decode(bytes);
      const result =
        provider === ctx.vouchers.name
          ? await receiveVoucherWebhook(ctx, { provider, headers, body })
          : await receivePaymentWebhook(ctx, { provider, headers, body, purposes: PAYMENT_PURPOSES });
      return c.json({ received: true, applied: result.applied });
    } catch (error) {
      if (isAppError(error)) return fail(error);
      throw error;
    }
  });

  app.post("/sandbox/payments/v1/tokens", async (c) => {
    if (ctx.payments.kind !== "sandbox") return fail(new AppError("NOT_FOUND"));
    const bytes = await readBody(c.req.raw, 4096);
    if (!bytes) return fail(new AppError("PAYLOAD_TOO_LARGE"));
    try {
      const input = convertKeys(JSON.parse(new TextDecoder().decode(bytes)), toCamel);
      const token = await createSandboxCardToken(ctx, input);
      return c.json(convertKeys(token, toSnake), 201);
    } catch (error) {
      if (isAppError(error)) {
        // The card form shows the sentence in the page's language, so both go back, for the whole
        // card and for each field (number, expiry, cvc) that has a problem.
        const shown = error.fields.card ?? error.reason;
        const both = (message: typeof shown) => ({
          ja: renderMessage(message, "ja"),
          en: renderMessage(message, "en"),
        });
        const fields = Object.fromEntries(
          Object.entries(error.fields)
            .filter(([name]) => name !== "card")
            .map(([name, message]) => [name, both(message)]),
        );
        return Response.json(
          {
            error: {
              code: error.code,
              message: error.message,
              messages: both(shown),
              ...(Object.keys(fields).length > 0 && { fields }),
            },
          },
          { status: error.status },
        );
      }
      if (error instanceof SyntaxError) return fail(new AppError("BAD_REQUEST"));
      throw error;
    }
  });
  return app;
}
