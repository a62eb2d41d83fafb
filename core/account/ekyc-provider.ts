import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { CheckResult, IdentityCheckStatus, IdentityProvider } from "./identity-provider.ts";

export type EkycSettings = {
  /** The provider's API address, e.g. https://ivs.idenfy.com. */
  apiBase: string;
  /** The API key pair, sent as basic auth. */
  apiKey: string;
  apiSecret: string;
  /** Keys the `Idenfy-Signature` HMAC of each callback. */
  webhookSecret: string;
  fetch?: typeof fetch;
};

/** How long the member has on the provider's page (the provider's `expiryTime`, in seconds). */
const SESSION_SECONDS = 30 * 60;

const ZToken = z.object({ authToken: z.string().min(1), scanRef: z.string().min(1).max(128) });
const ZStatus = z.object({ status: z.string(), final: z.boolean().optional() });
const ZData = z.object({
  docFirstName: z.string().nullish(),
  docLastName: z.string().nullish(),
  docDob: z.string().nullish(),
  address: z.string().nullish(),
});
const ZCallback = z.object({ scanRef: z.string().min(1).max(128), final: z.boolean().optional() });

/**
 * The one reader of the eKYC provider's verification statuses: APPROVED is verified; DENIED, and
 * SUSPECTED once final, are rejected; EXPIRED and EXPIRED-DENIED are expired; everything else
 * (ACTIVE, REVIEWING, a SUSPECTED still under review) is still pending.
 */
export function ekycStatusOf(status: string, final: boolean): IdentityCheckStatus {
  switch (status) {
    case "APPROVED":
      return "verified";
    case "DENIED":
      return "rejected";
    case "SUSPECTED":
      return final ? "rejected" : "pending";
    case "EXPIRED":
    case "EXPIRED-DENIED":
      return "expired";
    default:
      return "pending";
  }
}

/**
 * Identity verification (eKYC) at a hosted provider with the session + signed-callback API that
 * iDenfy documents: `POST /api/v2/token` opens a session (basic auth with the key pair) and the
 * member goes to `/api/v2/redirect?authToken=…`, where the provider photographs the document and
 * the face itself; the result arrives by a callback signed with HMAC-SHA256 of its body
 * (`Idenfy-Signature`), and is then read from `/api/v2/status` and `/api/v2/data`, never taken
 * from the callback's body or the member's redirect.
 */
export function createEkycProvider(
  settings: EkycSettings,
  o: { callbackUrl: string },
): IdentityProvider & { verifyCallback(headers: Record<string, string>, body: string): string | null } {
  const http = settings.fetch ?? fetch;
  const base = settings.apiBase.replace(/\/+$/, "");
  const auth = `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString("base64")}`;
  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T | null> {
    const res = await http(`${base}${path}`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`eKYC provider answered HTTP ${res.status} to ${path}`);
    return schema.parse(await res.json());
  }
  return {
    name: "ekyc",
    kind: "live",
    method: "ekyc-photo-id-selfie",
    backWithoutReference: true,
    capturesDocuments: true,
    async startCheck(input) {
      const session = await call(
        "/api/v2/token",
        {
          // An opaque id per check: the provider never learns our member ids.
          clientId: `tsugu-${randomBytes(12).toString("hex")}`,
          locale: input.locale,
          expiryTime: SESSION_SECONDS,
          successUrl: input.returnUrls.success,
          errorUrl: input.returnUrls.error,
          callbackUrl: o.callbackUrl,
        },
        ZToken,
      );
      if (!session) throw new Error("eKYC provider: the session endpoint was not found");
      return {
        reference: session.scanRef,
        redirectUrl: `${base}/api/v2/redirect?authToken=${encodeURIComponent(session.authToken)}`,
        expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
      };
    },
    async getResult(reference): Promise<CheckResult | null> {
      const status = await call("/api/v2/status", { scanRef: reference }, ZStatus);
      if (!status) return null;
      const outcome = ekycStatusOf(status.status, status.final ?? true);
      if (outcome !== "verified") {
        return {
          status: outcome,
          facts: null,
          reason: outcome === "pending" ? null : status.status.toLowerCase(),
          completedAt: outcome === "pending" ? null : new Date(),
        };
      }
      const data = await call("/api/v2/data", { scanRef: reference }, ZData);
      return {
        status: "verified",
        facts: {
          name: [data?.docLastName, data?.docFirstName].filter(Boolean).join(" "),
          address: data?.address ?? "",
          birthDate: data?.docDob ?? "",
          // Not on an identity document: the member declares it on their profile.
          occupation: "",
        },
        reason: null,
        completedAt: new Date(),
      };
    },
    verifyCallback(headers, body) {
      const given = headers["idenfy-signature"] ?? "";
      if (!/^[0-9a-f]{64}$/i.test(given)) return null;
      const expected = createHmac("sha256", settings.webhookSecret).update(body, "utf8").digest();
      if (!timingSafeEqual(Buffer.from(given, "hex"), expected)) return null;
      try {
        const parsed = ZCallback.safeParse(JSON.parse(body));
        return parsed.success ? parsed.data.scanRef : null;
      } catch {
        return null;
      }
    },
  };
}
