import { type ChildProcess, spawn } from "node:child_process";
import { createSession } from "#core/identity/sessions.ts";
import { createSandboxCardToken } from "#core/money/payments/sandbox-gateway.ts";
import { SANDBOX_TEST_CARDS } from "#core/money/payments/test-cards.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { TEST_SECRET } from "./core.ts";
import { NO_ADMISSION_LIMITS } from "./http-server.ts";

/** A purchase by card through the REST API, as a buyer's app sends it. */
export const purchase = (url: string, itemId: number, token: string, card: string, key: string) =>
  fetch(`${url}/api/v1/items/${itemId}/purchase`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ payment_method: "card", card_token: card }),
  });

/** API sessions for members. */
export async function sessionsOf(ctx: CoreContext, members: { id: number }[]) {
  return Promise.all(
    members.map(
      async (b) => (await createSession(ctx, { userId: b.id, kind: "api", persistent: true })).token,
    ),
  );
}

/** A fresh single-use card token for each buyer, as their browsers would get. */
export async function cardsFor(ctx: CoreContext, buyers: unknown[]) {
  return Promise.all(
    buyers.map(
      async () =>
        (
          await createSandboxCardToken(ctx, {
            number: SANDBOX_TEST_CARDS.success,
            expMonth: 12,
            expYear: 2035,
            cvc: "123",
          })
        ).id,
    ),
  );
}

/**
 * `npm start` as deployed, on `databaseUrl`, reconciling every 5 seconds; answers once
 * its health check does. As long as a start takes on a busy machine: this waits, it does not time.
 * The database should hold an account already: into an empty one `npm start` seeds the demo data.
 */
export async function startServed(o: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** WEB_CONCURRENCY; one per core unless given. */
  processes?: number;
}): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["scripts/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(o.port),
      PUBLIC_URL: `http://127.0.0.1:${o.port}`,
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl,
      ...(o.processes ? { WEB_CONCURRENCY: String(o.processes) } : {}),
      // The same secret as the test's context, so the sessions made there are the server's too.
      SESSION_SECRET: TEST_SECRET,
      LOG_LEVEL: "error",
      PAGE_CACHE_SECONDS: "0",
      // A burst of purchases here tests a crash, not overload.
      ...NO_ADMISSION_LIMITS,
      RECONCILE_EVERY_SECONDS: "5",
      RECONCILE_AFTER_SECONDS: "5",
    },
    // At LOG_LEVEL error the server writes only what went wrong: shown with the test's output.
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 240_000;
  while (proc.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${o.port}/api/v1/health`)).ok) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill("SIGKILL");
  throw new Error(`the server did not start (exit code ${proc.exitCode})`);
}
