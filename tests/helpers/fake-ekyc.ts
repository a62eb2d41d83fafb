import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";

/** What the provider reads off the identity document. */
type DocumentData = { docFirstName: string; docLastName: string; docDob: string; address: string };

type Session = {
  scanRef: string;
  authToken: string;
  body: Record<string, unknown>;
  status: string;
  final: boolean;
  data: DocumentData | null;
};

export type FakeEkyc = {
  url: string;
  apiKey: string;
  apiSecret: string;
  webhookSecret: string;
  sessions: Map<string, Session>;
  /** The provider's reviewer decides; `data` is what it read off the document. */
  decide(scanRef: string, status: string, data?: Session["data"]): void;
  /** The signed callback the provider would post for a session. */
  callback(scanRef: string): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
};

const BLANK_DOCUMENT: DocumentData = { docFirstName: "", docLastName: "", docDob: "", address: "" };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted page: the document as read (editable, as the person it belongs to), approve or deny. */
function hostedPage(authToken: string, document: DocumentData): string {
  const field = (name: keyof DocumentData, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(document[name])}"></label>`;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>本人確認（eKYCのテスト用スタンドイン）</title></head>
<body><main><h1>本人確認（eKYCのテスト用スタンドイン）</h1>
<form method="post" action="/api/v2/redirect">
<input type="hidden" name="authToken" value="${escapeHtml(authToken)}">
${field("docLastName", "姓")}${field("docFirstName", "名")}${field("docDob", "生年月日")}${field("address", "住所")}
<button name="decision" value="APPROVED">承認</button>
<button name="decision" value="DENIED">否認</button>
</form></main></body></html>`;
}

/** Posts a signed callback where the session asked for it (over https, trusting `ca` if given). */
function postCallback(url: string, callback: { headers: Record<string, string>; body: string }, ca?: string) {
  if (url.startsWith("http://")) {
    return fetch(url, { method: "POST", headers: callback.headers, body: callback.body }).then(
      (r) => r.status,
    );
  }
  return new Promise<number>((resolve, reject) => {
    const req = httpsRequest(
      url,
      { method: "POST", headers: callback.headers, ...(ca ? { ca } : {}) },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(callback.body);
  });
}

/**
 * A loopback stand-in for an eKYC provider with iDenfy's documented API: `POST /api/v2/token`
 * (basic auth with the key pair) opens a session, `/api/v2/status` and `/api/v2/data` read it by
 * `scanRef`, and callbacks are signed with HMAC-SHA256 of the body (`Idenfy-Signature`).
 *
 * The person's side is `/api/v2/redirect?authToken=…`, the hosted page: it shows `document` (what
 * the provider would read off the ID, editable) with 承認 and 否認. Either decides the session,
 * posts the signed callback to the session's `callbackUrl` (over https trusting `ca` when given)
 * and sends the browser to its `successUrl` or `errorUrl`.
 */
export async function startFakeEkyc(o: { document?: DocumentData; ca?: string } = {}): Promise<FakeEkyc> {
  const apiKey = `key${randomBytes(8).toString("hex")}`;
  const apiSecret = `secret${randomBytes(8).toString("hex")}`;
  const webhookSecret = `whsec${randomBytes(12).toString("hex")}`;
  const sessions = new Map<string, Session>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? "/", "http://fake");
      if (url.pathname === "/api/v2/redirect") {
        hosted(req.method ?? "GET", url, Buffer.concat(chunks).toString("utf8"), res).catch((error) => {
          res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
          res.end(`fake eKYC: ${String(error)}`);
        });
        return;
      }
      const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return send(401, { identifier: "UNAUTHORIZED" });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(400, { identifier: "INVALID_JSON" });
      }
      if (req.url === "/api/v2/token") {
        if (typeof body.clientId !== "string") return send(400, { identifier: "MISSING_PARAMETER" });
        const session: Session = {
          scanRef: randomUUID(),
          authToken: randomBytes(20).toString("hex"),
          body,
          status: "ACTIVE",
          final: false,
          data: null,
        };
        sessions.set(session.scanRef, session);
        return send(201, { authToken: session.authToken, scanRef: session.scanRef, clientId: body.clientId });
      }
      const session = sessions.get(String(body.scanRef));
      if (!session) return send(404, { identifier: "NOT_FOUND" });
      if (req.url === "/api/v2/status") return send(200, { status: session.status, final: session.final });
      if (req.url === "/api/v2/data") return send(200, session.data ?? {});
      send(404, { identifier: "NOT_FOUND" });
    });
  });
  const byToken = (token: string | null) => [...sessions.values()].find((x) => x.authToken === token);

  async function hosted(method: string, url: URL, raw: string, res: ServerResponse) {
    const page = (status: number, html: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
    };
    if (method === "GET") {
      const session = byToken(url.searchParams.get("authToken"));
      if (!session) return page(404, "<!doctype html><title>Not found</title><p>No such session</p>");
      return page(200, hostedPage(session.authToken, o.document ?? BLANK_DOCUMENT));
    }
    const form = new URLSearchParams(raw);
    const session = byToken(form.get("authToken"));
    if (!session || session.final)
      return page(404, "<!doctype html><title>Not found</title><p>No such session</p>");
    const approved = form.get("decision") === "APPROVED";
    fake.decide(
      session.scanRef,
      approved ? "APPROVED" : "DENIED",
      approved
        ? {
            docFirstName: form.get("docFirstName") ?? "",
            docLastName: form.get("docLastName") ?? "",
            docDob: form.get("docDob") ?? "",
            address: form.get("address") ?? "",
          }
        : undefined,
    );
    const status = await postCallback(String(session.body.callbackUrl), fake.callback(session.scanRef), o.ca);
    if (status !== 200) throw new Error(`the callback was answered ${status}`);
    res.writeHead(303, { location: String(approved ? session.body.successUrl : session.body.errorUrl) });
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeEkyc = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    webhookSecret,
    sessions,
    decide(scanRef, status, data) {
      const session = sessions.get(scanRef);
      if (!session) throw new Error(`fake eKYC: no session ${scanRef}`);
      session.status = status;
      session.final = true;
      session.data = data ?? null;
    },
    callback(scanRef) {
      const session = sessions.get(scanRef);
      const body = JSON.stringify({
        final: true,
        status: { overall: session?.status ?? "ACTIVE" },
        scanRef,
        clientId: session?.body.clientId ?? "",
      });
      const signature = createHmac("sha256", webhookSecret).update(body).digest("hex");
      return { headers: { "idenfy-signature": signature, "content-type": "application/json" }, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
