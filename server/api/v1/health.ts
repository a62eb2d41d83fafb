import { sql } from "drizzle-orm";
import { z } from "zod";
import { defineRoute } from "../define.ts";

const ZHealth = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["ok", "unreachable"]) });

export const healthRoutes = [
  defineRoute({
    method: "get",
    path: "/health",
    summary: "Whether the service and its database answer",
    tag: "system",
    auth: "none",
    responses: {
      200: { description: "Healthy", schema: ZHealth },
      503: { description: "The database does not answer", schema: ZHealth },
    },
    async handler({ ctx }) {
      try {
        await ctx.db.execute(sql`select 1`);
        return {
          status: 200,
          body: { status: "ok", database: "ok" },
          headers: { "Cache-Control": "no-store" },
        };
      } catch {
        return {
          status: 503,
          body: { status: "degraded", database: "unreachable" },
          headers: { "Cache-Control": "no-store" },
        };
      }
    },
  }),
];
