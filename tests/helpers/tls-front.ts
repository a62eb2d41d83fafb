import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { createServer } from "node:tls";
import { generate } from "selfsigned";

export type TlsFront = {
  /** https://localhost:port, known before the server behind it starts (its PUBLIC_URL). */
  url: string;
  /** The self-signed certificate (PEM), for a Node client that should trust the front. */
  cert: string;
  /** Where connections go from now on: the plain http server's address, e.g. http://127.0.0.1:3000. */
  forwardTo(target: string): void;
  close(): Promise<void>;
};

/**
 * https in front of a server that speaks plain http on loopback, as the load balancer in front of a
 * production deployment: each TLS connection is decrypted here and piped to the target's port. The
 * certificate, for `localhost`, is made when the front starts; a browser opens the front with
 * `ignoreHTTPSErrors`, a Node client trusts `cert`.
 */
export async function startTlsFront(): Promise<TlsFront> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] },
    ],
  });
  let target: URL | null = null;
  const sockets = new Set<Socket>();
  const server = createServer({ key: pems.private, cert: pems.cert }, (secure) => {
    if (!target) return secure.destroy();
    const plain = connect(Number(target.port), target.hostname);
    for (const s of [secure, plain]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      // Either side failing (a browser dropping a connection, the server ending one) ends both.
      s.on("error", () => {
        secure.destroy();
        plain.destroy();
      });
    }
    secure.pipe(plain).pipe(secure);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    cert: pems.cert,
    forwardTo(address) {
      target = new URL(address);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
