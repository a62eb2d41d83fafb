import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Issued = { action: string; score: number; used: boolean };

export type FakeBotCheck = {
  url: string;
  turnstile: { siteKey: string; secretKey: string };
  recaptcha: { projectId: string; apiKey: string; siteKey: string };
  /** A token as the widget would hand the browser for `action`; `score` 0.1 looks like a bot. */
  token(action: string, score?: number): string;
  /** The requests seen, as "METHOD path" with the parsed JSON body. */
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
};

/**
 * A local stand-in for Cloudflare's siteverify and Google's reCAPTCHA Enterprise assessments, on
 * loopback, answering with their documented shapes: tokens are single use and carry their action.
 */
export async function startFakeBotCheck(): Promise<FakeBotCheck> {
  const turnstile = { siteKey: "0x4AAAAAAAfakeSiteKey", secretKey: "0x4AAAAAAAfakeSecretKey" };
  const recaptcha = {
    projectId: "tsugu-test",
    apiKey: "AIzaFakeApiKey0123456789abcdef",
    siteKey: "6LfakeSiteKey0123456789abcdefgh",
  };
  const issued = new Map<string, Issued>();
  const requests: FakeBotCheck["requests"] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    requests.push({ path: url.pathname, body });

    if (req.method === "POST" && url.pathname === "/turnstile/v0/siteverify") {
      if (body.secret !== turnstile.secretKey) {
        return json(res, 200, { success: false, "error-codes": ["invalid-input-secret"] });
      }
      const t = issued.get(String(body.response ?? ""));
      if (!t) return json(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
      if (t.used) return json(res, 200, { success: false, "error-codes": ["timeout-or-duplicate"] });
      t.used = true;
      // Turnstile has no score: a widget that suspects a bot gives no token; a failing one is refused.
      if (t.score < 0.5) return json(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
      return json(res, 200, {
        success: true,
        action: t.action,
        hostname: "tsugu.test",
        challenge_ts: new Date().toISOString(),
        "error-codes": [],
      });
    }

    const assessment = /^\/v1\/projects\/([^/]+)\/assessments$/.exec(url.pathname);
    if (req.method === "POST" && assessment) {
      if (assessment[1] !== recaptcha.projectId || url.searchParams.get("key") !== recaptcha.apiKey) {
        return json(res, 403, {
          error: { code: 403, message: "API key not valid", status: "PERMISSION_DENIED" },
        });
      }
      const event = (body.event ?? {}) as Record<string, unknown>;
      const t = issued.get(String(event.token ?? ""));
      const name = `projects/${assessment[1]}/assessments/${randomBytes(8).toString("hex")}`;
      if (!t || event.siteKey !== recaptcha.siteKey) {
        return json(res, 200, { name, tokenProperties: { valid: false, invalidReason: "MALFORMED" } });
      }
      if (t.used) return json(res, 200, { name, tokenProperties: { valid: false, invalidReason: "DUPE" } });
      t.used = true;
      return json(res, 200, {
        name,
        event,
        tokenProperties: { valid: true, invalidReason: "INVALID_REASON_UNSPECIFIED", action: t.action },
        riskAnalysis: { score: t.score, reasons: t.score < 0.5 ? ["AUTOMATION"] : [] },
      });
    }
    json(res, 404, { error: "not found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { error: "fake failed" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    turnstile,
    recaptcha,
    token(action, score = 0.9) {
      const token = randomBytes(24).toString("base64url");
      issued.set(token, { action, score, used: false });
      return token;
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
