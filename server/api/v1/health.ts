import { z } from "zod";
import { JOB_BACKLOG_SECONDS, JOB_FAILING_AFTER_TRIES, queueHealth } from "#core/jobs/queue-stats.ts";
import { probeDatabase, serviceAdapters } from "../../system.ts";
import { defineRoute } from "../define.ts";

const PART = z.enum(["database", "jobs", "mail"]);

const ZHealth = z.object({
  status: z.enum(["ok", "degraded"]).describe('"degraded" when any part named in `degraded` is not well'),
  degraded: z.array(PART).describe("The parts that are not well; empty when all are"),
  database: z.enum(["ok", "unreachable"]),
  databaseEngine: z.enum(["pglite", "postgres"]),
  databaseMs: z.number().nullable().describe("Round trip of a trivial query; null when it did not answer"),
  jobs: z.object({
    status: z
      .enum(["ok", "backlog", "failing", "unknown"])
      .describe(
        `"backlog": a ready job has waited more than ${JOB_BACKLOG_SECONDS} s; "failing": a job gave up within the last hour or waits after ${JOB_FAILING_AFTER_TRIES} or more failed tries; "unknown": the database did not answer`,
      ),
    ready: z.number().int().nullable(),
    oldestReadySeconds: z.number().nullable(),
    failedLastHour: z.number().int().nullable(),
    retrying: z.number().int().nullable(),
  }),
  mail: z.object({
    status: z
      .enum(["ok", "failing", "untried"])
      .describe("How this server's last attempt to send mail went; untried before its first"),
    transport: z.enum(["smtp", "local"]),
  }),
  build: z.string().nullable().describe("The running build's id; null when served from sources"),
  profile: z
    .enum(["demo", "production"])
    .describe("demo: stand-ins and demo data; production: real providers"),
  services: z
    .array(
      z.object({
        service: z.string(),
        adapter: z.string().describe('The adapter in use; "off" when the service is not offered'),
        standIn: z.boolean().describe("Whether a built-in stand-in plays the provider (the demo only)"),
      }),
    )
    .describe("Each outside service with the adapter this server uses for it"),
});

export const healthRoutes = [
  defineRoute({
    method: "get",
    path: "/health",
    summary: "Whether the service works, and which of its parts are degraded",
    tag: "system",
    auth: "none",
    responses: {
      200: { description: "Working; `status` says whether any part is degraded", schema: ZHealth },
      503: { description: "The database does not answer", schema: ZHealth },
    },
    async handler({ ctx, system }) {
      const probe = await probeDatabase(ctx);
      const jobs = probe.ok
        ? {
            status: queueHealth(probe.queue),
            ready: probe.queue.ready,
            oldestReadySeconds: Math.round(probe.queue.oldestReadySeconds),
            failedLastHour: probe.queue.failedRecently,
            retrying: probe.queue.retrying,
          }
        : {
            status: "unknown" as const,
            ready: null,
            oldestReadySeconds: null,
            failedLastHour: null,
            retrying: null,
          };
      const lastMail = system.mail.last();
      const mail = {
        status:
          lastMail === null ? ("untried" as const) : lastMail.ok ? ("ok" as const) : ("failing" as const),
        transport: system.mail.transport,
      };
      const degraded: z.infer<typeof PART>[] = [];
      if (!probe.ok) degraded.push("database");
      // Unknown jobs are the database's fault, already named.
      if (jobs.status === "backlog" || jobs.status === "failing") degraded.push("jobs");
      if (mail.status === "failing") degraded.push("mail");
      const body: z.infer<typeof ZHealth> = {
        status: degraded.length === 0 ? "ok" : "degraded",
        degraded,
        database: probe.ok ? "ok" : "unreachable",
        databaseEngine: system.engine,
        databaseMs: probe.roundTripMs,
        jobs,
        mail,
        build: system.buildId,
        profile: system.profile,
        services: serviceAdapters(ctx),
      };
      return { status: probe.ok ? 200 : 503, body, headers: { "Cache-Control": "no-store" } };
    },
  }),
];
