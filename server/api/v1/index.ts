import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import type { z } from "zod";
import { invalidUserToken } from "#core/identity/identity-errors.ts";
import { AppError, isAppError, localizeError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/shared/locale.ts";
import { parseInput } from "#core/shared/parse-input.ts";
import { authorize } from "#core/staff/authorize.ts";
import { authenticate } from "../../authenticate.ts";
import { pickLocale } from "../../locale-routing.ts";
import { unsafeJson } from "../../malformed.ts";
import type { AppServices } from "../../router-context.ts";
import { readBody, readMultipart, tooLarge } from "../body.ts";
import { convertKeys, queryToObject, toCamel, toSnake } from "../case.ts";
import type { ApiRoute } from "../define.ts";
import { buildOpenApi } from "../openapi.ts";
import { checksResponses, responseMismatch } from "../responses.ts";
import { accountRoutes } from "./accounts.ts";
import { addressRoutes } from "./address.ts";
import { balanceRoutes } from "./balance.ts";
import { bankAccountRoutes } from "./bank-account.ts";
import { buybackAuthRoutes } from "./buyback-auth.ts";
import { buybackBidRoutes } from "./buyback-bids.ts";
import { buybackDeliveryRoutes } from "./buyback-deliveries.ts";
import { buybackMemberRoutes } from "./buyback-member.ts";
import { buybackPublicRoutes } from "./buyback-public.ts";
import { deviceCheckRoutes } from "./device-checks.ts";
import { exportRoutes } from "./exports.ts";
import { healthRoutes } from "./health.ts";
import { identificationRoutes } from "./identification.ts";
import { identityReviewRoutes } from "./identity-review.ts";
import { imeiRoutes } from "./imei.ts";
import { itemPhotoRoutes } from "./item-photos.ts";
import { itemRoutes } from "./items.ts";
import { linkedAccountRoutes } from "./linked-accounts.ts";
import { moderationRoutes } from "./moderation.ts";
import { notificationSettingsRoutes } from "./notification-settings.ts";
import { offerRoutes } from "./offers.ts";
import { passkeyRoutes } from "./passkeys.ts";
import { phoneRoutes } from "./phone.ts";
import { phoneLoginRoutes } from "./phone-login.ts";
import { profileRoutes } from "./profile.ts";
import { sessionRoutes } from "./sessions.ts";
import { socialRoutes } from "./social.ts";
import { staffRoutes } from "./staff.ts";
import { staffPayoutRoutes } from "./staff-payouts.ts";
import { staffTransactionRoutes } from "./staff-transactions.ts";
import { staffTwoStepRoutes } from "./staff-two-step.ts";
import { supportRoutes } from "./support.ts";
import { toDoRoutes } from "./to-do.ts";
import { tradingRoutes } from "./trading.ts";

export const API_ROUTES: ApiRoute[] = [
  ...healthRoutes,
  ...accountRoutes,
  ...sessionRoutes,
  ...linkedAccountRoutes,
  ...passkeyRoutes,
  ...itemRoutes,
  ...itemPhotoRoutes,
  ...profileRoutes,
  ...addressRoutes,
  ...notificationSettingsRoutes,
  ...bankAccountRoutes,
  ...toDoRoutes,
  ...phoneRoutes,
  ...phoneLoginRoutes,
  ...identificationRoutes,
  ...socialRoutes,
  ...imeiRoutes,
  ...deviceCheckRoutes,
  ...tradingRoutes,
  ...offerRoutes,
  ...balanceRoutes,
  ...exportRoutes,
  ...moderationRoutes,
  ...staffRoutes,
  ...staffTransactionRoutes,
  ...staffPayoutRoutes,
  ...staffTwoStepRoutes,
  ...identityReviewRoutes,
  ...supportRoutes,
  ...buybackAuthRoutes,
  ...buybackDeliveryRoutes,
  ...buybackMemberRoutes,
  ...buybackBidRoutes,
  ...buybackPublicRoutes,
];

const MAX_BODY_BYTES = 1024 * 1024;

/** The API's error body: the code, the sentence in the caller's language, each field's message. */
export function errorBody(error: AppError, locale: Locale) {
  const text = localizeError(error, locale);
  const fields = Object.fromEntries(Object.entries(text.fields).map(([k, v]) => [toSnake(k), v]));
  return {
    error: {
      code: error.code,
      ...(error.reasonCode ? { reason: error.reasonCode } : {}),
      message: text.message,
      ...(Object.keys(fields).length ? { fields } : {}),
    },
  };
}

/** The API answers in the Accept-Language's first language it speaks, else Japanese. */
export function apiLocale(header: string | undefined): Locale {
  return header ? pickLocale(undefined, header) : DEFAULT_LOCALE;
}

/** The request id is set by the HTTP app's first middleware (`server/app.ts`). */
type ApiEnv = { Bindings: HttpBindings; Variables: { requestId: string; ip: string } };

export function createApiV1(services: AppServices): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  const ctx = services.core;
  const checkAnswers = checksResponses(services.config.env);

  api.get("/openapi.json", (c) => c.json(buildOpenApi(API_ROUTES, services.config.publicUrl)));

  for (const route of API_ROUTES) {
    const honoPath = route.path.replace(/\{([a-z_]+)\}/g, ":$1");
    api.on(route.method.toUpperCase(), honoPath, async (c) => {
      const locale = apiLocale(c.req.header("accept-language"));
      /** In the tests: an answer that does not fit its declaration becomes a 500 naming what is wrong. */
      const misfit = (answer: Parameters<typeof responseMismatch>[1]) => {
        const wrong = checkAnswers ? responseMismatch(route, answer) : null;
        if (!wrong) return null;
        console.error(wrong);
        return c.json({ error: { code: "RESPONSE_SCHEMA", message: wrong } }, 500);
      };
      const fail = (error: AppError) => {
        const body = errorBody(error, locale);
        const wrong = misfit({ status: error.status, body });
        if (wrong) return wrong;
        if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
        return c.json(body, error.status as 400);
      };
      try {
        // Who is asking: a bearer token, or the web session cookie (then only from our own origin).
        const who = await authenticate(services, c.req.raw, "api");
        const actor = who.user;
        if (route.auth === "user" && !actor) {
          return fail(who.sessionEnded ? invalidUserToken() : new AppError("UNAUTHORIZED"));
        }
        if (route.permission) {
          await authorize(services.core, actor, route.permission);
          if (actor?.twoStepMissing) {
            throw new AppError("FORBIDDEN", { message: msg("twoStep.settings.operatorRequired") });
          }
        }

        let body: unknown;
        if (route.body) {
          const type = c.req.header("content-type") ?? "";
          if (!type.includes("application/json")) {
            return fail(
              new AppError("UNSUPPORTED_MEDIA_TYPE", {
                message: msg("api.json.required"),
              }),
            );
          }
          const bytes = await readBody(c.req.raw, MAX_BODY_BYTES);
          if (!bytes) return fail(tooLarge(MAX_BODY_BYTES));
          const text = new TextDecoder().decode(bytes);
          let raw: unknown;
          try {
            raw = JSON.parse(text);
          } catch {
            return fail(
              new AppError("BAD_REQUEST", {
                message: msg("api.json.invalid"),
              }),
            );
          }
          const unsafe = unsafeJson(raw);
          if (unsafe) {
            return fail(
              new AppError("BAD_REQUEST", {
                message: msg(unsafe === "too-deep" ? "api.json.tooDeep" : "api.json.nul"),
              }),
            );
          }
          body = parseInput(route.body as z.ZodType, convertKeys(raw, toCamel), route.labels ?? {});
        }
        const files = route.multipart ? await readMultipart(c.req.raw, route.multipart) : {};
        const query = route.query
          ? parseInput(
              route.query as z.ZodType,
              queryToObject(new URL(c.req.url).searchParams),
              route.labels ?? {},
            )
          : undefined;
        const result = await route.handler({
          body: body as never,
          query: query as never,
          files,
          params: c.req.param() as Record<string, string>,
          actor,
          token: who.token,
          ctx,
          system: services.system,
          reads: services.reads,
          locale,
          ip: c.get("ip") ?? c.env?.incoming?.socket?.remoteAddress ?? "unknown",
          userAgent: c.req.header("user-agent") ?? "",
          requestId: c.get("requestId") ?? "",
          header: (name) => c.req.header(name),
        });
        const wrong = misfit({
          status: result.status,
          body: result.body,
          contentType: Object.entries(result.headers ?? {}).find(
            ([k]) => k.toLowerCase() === "content-type",
          )?.[1],
          stream: result.stream !== undefined,
        });
        if (wrong) return wrong;
        for (const [k, v] of Object.entries(result.headers ?? {})) c.header(k, v);
        if (result.stream) return c.body(result.stream, result.status as 200);
        if (result.body === undefined) return c.body(null, result.status as 204);
        return c.json(convertKeys(result.body, toSnake), result.status as 200);
      } catch (error) {
        if (isAppError(error)) return fail(error);
        throw error;
      }
    });
  }

  api.all("*", (c) =>
    c.json(
      errorBody(
        new AppError("NOT_FOUND", { message: msg("api.notFound") }),
        apiLocale(c.req.header("accept-language")),
      ),
      404,
    ),
  );
  return api;
}
