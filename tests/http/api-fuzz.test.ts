import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { API_ROUTES } from "#server/api/v1/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/** Every endpoint, sent generated wrong types, long strings, unicode and missing fields: always a JSON 4xx or a success, never a 500. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const KEYS = [
  "email",
  "password",
  "code",
  "nickname",
  "signup_token",
  "current_password",
  "password_confirmation",
  "email_change_token",
  "__proto__",
  "constructor",
];
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
  value,
  fc.string().map((s) => ({ raw: `{${s}` })),
);

describe("API fuzzing", () => {
  for (const route of API_ROUTES) {
    it(`${route.method.toUpperCase()} ${route.path} never fails with a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom("ja", "en", "", "x".repeat(300)), async (payload, lang) => {
          const raw =
            typeof payload === "object" && payload !== null && "raw" in payload
              ? String(payload.raw)
              : JSON.stringify(payload);
          const res = await fetch(
            `${server.url}/api/v1${route.path}${route.method === "get" ? "?email=%FF&x[]=1" : ""}`,
            {
              method: route.method.toUpperCase(),
              headers: {
                "content-type": "application/json",
                "accept-language": lang,
                "x-forwarded-for": "198.51.100.7",
              },
              body: route.method === "get" ? undefined : raw,
            },
          );
          const text = await res.text();
          if (res.status >= 500) throw new Error(`${res.status}: ${text}`);
          if (res.status >= 400) {
            const json = JSON.parse(text);
            if (typeof json.error?.code !== "string" || typeof json.error?.message !== "string") {
              throw new Error(`not a JSON error: ${text}`);
            }
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
