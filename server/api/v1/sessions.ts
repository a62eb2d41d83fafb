import { z } from "zod";
import { endOtherSessions, endOwnSession, listSessions } from "#core/identity/device-sessions.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const ZPlace = z.object({
  kind: z.enum(["range", "loopback", "private", "unknown"]),
  range: z.string().optional().describe("IPv4 /24 as `203.0.113.x`, IPv6 /48 as `2001:db8:1::/48`"),
});
const ZSession = z.object({
  id: z.number().int(),
  kind: z.enum(["web", "api"]),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  place: ZPlace,
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  current: z.boolean().describe("The session this request is made with"),
});
const noUser = { 401: { description: "Not signed in, or the session ended (`reason`: invalid-user-token)" } };

export const sessionRoutes = [
  defineRoute({
    method: "get",
    path: "/me/sessions",
    summary: "Your signed-in browsers and API tokens (not expired, not ended), the one in use first",
    tag: "accounts",
    auth: "user",
    responses: {
      200: { description: "The sessions", schema: z.object({ sessions: z.array(ZSession) }) },
      ...noUser,
    },
    async handler({ ctx, actor }) {
      const list = await listSessions(ctx, { actor: actor! });
      return {
        status: 200,
        body: {
          sessions: list.map((s) => ({
            ...s,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
          })),
        },
      };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/sessions/{id}",
    summary: "End one of your sessions: that browser or token is signed out at its next request",
    tag: "accounts",
    auth: "user",
    responses: {
      204: { description: "Ended" },
      ...noUser,
      404: { description: "No such session of yours (another member's is answered the same)" },
    },
    async handler({ ctx, actor, params }) {
      await endOwnSession(ctx, { actor: actor!, sessionId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/sessions",
    summary: "End every session of yours except the one this request is made with",
    tag: "accounts",
    auth: "user",
    responses: { 204: { description: "Ended" }, ...noUser },
    async handler({ ctx, actor }) {
      await endOtherSessions(ctx, { actor: actor! });
      return { status: 204 };
    },
  }),
];
