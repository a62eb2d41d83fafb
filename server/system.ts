import { sql } from "drizzle-orm";
import { type QueueStats, readQueueStats } from "#core/jobs/queue-stats.ts";
import type { Mailer } from "#core/notify/mailer.ts";
import type { CoreContext } from "#core/shared/context.ts";
import type { Database } from "#db/client.ts";

/** How the last message this server tried to send went; null until it has tried one. */
export type MailOutcome = { ok: boolean; at: Date } | null;

/**
 * What the metrics and the health check read about this server beyond the core: the database
 * engine and its pool, the last mail's outcome, and the build it runs.
 */
export type SystemInfo = {
  engine: Database["kind"];
  pool: Database["pool"];
  mail: { transport: Mailer["kind"]; last(): MailOutcome };
  /** The running build's id (its asset manifest's version); null when serving from sources. */
  buildId: string | null;
  /** demo or production (decision 045). */
  profile: "demo" | "production";
};

/**
 * The mailer as it was, remembering how its last send went: mail's health is known from real
 * sends, without a test connection to the mail server on every check.
 */
export function watchMailer(mailer: Mailer): { mailer: Mailer; last(): MailOutcome } {
  let last: MailOutcome = null;
  return {
    mailer: {
      kind: mailer.kind,
      async send(message) {
        try {
          await mailer.send(message);
          last = { ok: true, at: new Date() };
        } catch (error) {
          last = { ok: false, at: new Date() };
          throw error;
        }
      },
    },
    last: () => last,
  };
}

/** How long a probe waits for the database before calling it unreachable. */
const PROBE_TIMEOUT_MS = 3000;

export type DatabaseProbe =
  | { ok: true; roundTripMs: number; queue: QueueStats }
  | { ok: false; roundTripMs: null; queue: null };

/**
 * Asks the database one trivial question (timed) and reads the job queue's depth, giving up after
 * a few seconds: a hung database is reported as unreachable rather than hanging the caller.
 */
export async function probeDatabase(ctx: CoreContext, timeoutMs = PROBE_TIMEOUT_MS): Promise<DatabaseProbe> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), timeoutMs);
  });
  try {
    return await Promise.race([
      (async () => {
        const started = performance.now();
        await ctx.db.execute(sql`select 1`);
        const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
        return { ok: true as const, roundTripMs, queue: await readQueueStats(ctx) };
      })(),
      late,
    ]);
  } catch {
    return { ok: false, roundTripMs: null, queue: null };
  } finally {
    clearTimeout(timer);
  }
}

/** One outside service and the adapter this server uses for it. */
export type ServiceAdapter = { service: string; adapter: string; standIn: boolean };

/**
 * Each outside service with the adapter in use, for the health check and the start-up log: what a
 * deployment can read to know that nothing runs on a stand-in ("off": not offered at all).
 */
export function serviceAdapters(ctx: CoreContext): ServiceAdapter[] {
  const of = (service: string, adapter: string, kind: string) => ({
    service,
    adapter,
    standIn: kind === "sandbox" || kind === "local",
  });
  const providers = ctx.identityProviders.enabled();
  return [
    of("payments", ctx.payments.name, ctx.payments.kind),
    of("vouchers", ctx.vouchers.name, ctx.vouchers.kind),
    of("atm", ctx.atm.name, ctx.atm.kind),
    of("wallet", ctx.wallet.name, ctx.wallet.kind),
    of("bank", ctx.bank.name, ctx.bank.kind),
    of("sms", ctx.sms.name, ctx.sms.kind),
    of("ekyc", ctx.identity.name, ctx.identity.kind),
    of("mail", ctx.mailer.kind, ctx.mailer.kind),
    of("bot_check", ctx.botCheck.kind, ctx.botCheck.kind),
    of("carrier_status", ctx.carrierStatus.name, ctx.carrierStatus.kind),
    of("courier", ctx.courier.name, "sandbox"),
    of("storage", ctx.blobs.kind, "live"),
    of("push", ctx.push.kind, ctx.push.kind),
    of(
      "sign_in",
      providers.length === 0
        ? "off"
        : providers.map((p) => `${p}${ctx.identityProviders.isSandbox(p) ? "-sandbox" : ""}`).join(","),
      providers.some((p) => ctx.identityProviders.isSandbox(p)) ? "sandbox" : "live",
    ),
  ];
}
