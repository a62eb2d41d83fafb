import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type Session = {
  scanRef: string;
  authToken: string;
  body: Record<string, unknown>;
  status: string;
  final: boolean;
  data: { docFirstName: string; docLastName: string; docDob: string; address: string } | null;
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

/**
 * A loopback stand-in for an eKYC provider with iDenfy's documented API: `POST /api/v2/token`
 * (basic auth with the key pair) opens a session, `/api/v2/status` and `/api/v2/data` read it by
 * `scanRef`, and callbacks are signed with HMAC-SHA256 of the body (`Idenfy-Signature`).
 */
export async function startFakeEkyc(): Promise<FakeEkyc> {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
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
}
