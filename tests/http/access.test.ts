import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { createSession } from "#core/identity/sessions.ts";
import { users } from "#db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { API_ROUTES } from "#server/api/v1/index.ts";
import { coreContext } from "#server/core-context.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/**
 * Every API endpoint and every page has a row saying what each kind of visitor gets. A route
 * added without a row fails here, so access rules are decided, not inherited by accident.
 */
const ROLES = ["anonymous", "member", "business", "operator"] as const;
type Role = (typeof ROLES)[number];
type Row = Record<Role, number>;

const all = (status: number): Row => ({
  anonymous: status,
  member: status,
  business: status,
  operator: status,
});
const signedIn = (anonymous: number, others: number): Row => ({
  anonymous,
  member: others,
  business: others,
  operator: others,
});

// API calls with state changes are sent an empty JSON object: they must validate (422) or refuse (401).
const API_ACCESS: Record<string, Row> = {
  "get /health": all(200),
  "post /signup": all(422),
  "post /signup/verify": all(422),
  "post /signup/complete": all(422),
  "post /tokens": all(422),
  "get /me": signedIn(401, 200),
  "post /logout": signedIn(401, 204),
  "post /password-reset": all(422),
  "post /me/password": signedIn(401, 422),
  "post /me/email": signedIn(401, 422),
  "post /me/email/confirm": signedIn(401, 422),
};

// Page paths under /ja/ (":id" gets a sample value). Mail is sent by SMTP here, so no mailbox.
const PAGE_ACCESS: Record<string, Row> = {
  "": all(200),
  login: signedIn(200, 302),
  logout: all(302),
  signup: signedIn(200, 302),
  "signup/email": signedIn(200, 302),
  "signup/user-info": all(302),
  "reset-password": all(200),
  "reset-password/sent": all(200),
  "settings/reset-password": all(200),
  "settings/email": signedIn(302, 200),
  "settings/change-password": signedIn(302, 200),
  mypage: signedIn(302, 200),
  users: all(301),
  "dev/mailbox": all(404),
  "dev/mailbox/messages": all(404),
  "dev/mailbox/:id": all(404),
  "*": all(404),
};

function pagePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.path === undefined ? prefix : prefix ? `${prefix}/${e.path}` : e.path;
    return [...(e.path !== undefined || e.index ? [here] : []), ...pagePaths(e.children ?? [], here)];
  });
}

const LANG_PAGES = pagePaths(routes.find((r) => r.path === ":lang")?.children ?? []);

let server: TestServer;
const tokens = new Map<Role, () => Promise<string>>();

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db);
  const ctx = coreContext({
    db: server.database.db,
    clock: { now: () => new Date() },
    mailer: { kind: "local", send: async () => {} },
    sms: { kind: "sandbox", send: async () => {} },
    blobs: {
      kind: "local",
      put: async () => {},
      get: async () => null,
      delete: async () => {},
      url: (k: string) => k,
    },
    config: {
      sessionSecret: "test-session-secret-0123456789abcdef0123456789",
      publicUrl: server.url,
    } as never,
  });
  const byRole: Record<Exclude<Role, "anonymous">, string> = {
    member: DEMO_ACCOUNTS.find((a) => a.role === "member")!.email,
    business: DEMO_ACCOUNTS.find((a) => a.role === "business")!.email,
    operator: DEMO_ACCOUNTS.find((a) => a.role === "operator")!.email,
  };
  for (const [role, email] of Object.entries(byRole) as [Exclude<Role, "anonymous">, string][]) {
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    tokens.set(
      role,
      async () => (await createSession(ctx, { userId: user!.id, kind: "api", persistent: true })).token,
    );
  }
});
afterAll(async () => {
  await server?.close();
});

describe("access table", () => {
  it("has a row for every API endpoint and every page, and nothing else", () => {
    expect(Object.keys(API_ACCESS).sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    expect(Object.keys(PAGE_ACCESS).sort()).toEqual([...LANG_PAGES].sort());
  });

  for (const route of API_ROUTES) {
    const key = `${route.method} ${route.path}`;
    it(`API ${key}`, async () => {
      for (const role of ROLES) {
        const token = role === "anonymous" ? null : await tokens.get(role)!();
        const res = await fetch(`${server.url}/api/v1${route.path}`, {
          method: route.method.toUpperCase(),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(route.body ? { "content-type": "application/json" } : {}),
          },
          body: route.body ? "{}" : undefined,
        });
        expect(res.status, `${key} as ${role}`).toBe(API_ACCESS[key]?.[role]);
      }
    });
  }

  for (const page of LANG_PAGES) {
    it(`page /ja/${page}`, async () => {
      const path =
        page === "*"
          ? "no-such-page/"
          : page === ""
            ? ""
            : `${page.replace(":id", "1795000000000-0a1b2c3d")}/`;
      for (const role of ROLES) {
        const token = role === "anonymous" ? null : await tokens.get(role)!();
        const res = await fetch(`${server.url}/ja/${path}`, {
          redirect: "manual",
          headers: token ? { cookie: `tsugu=${token}` } : {},
        });
        expect(res.status, `/ja/${path} as ${role}`).toBe(PAGE_ACCESS[page]?.[role]);
      }
    });
  }
});
