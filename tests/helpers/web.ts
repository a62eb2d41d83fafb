import { parse } from "node-html-parser";
import { createSession, type SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { makeOperator } from "./catalog.ts";
import type { TestServer } from "./http-server.ts";

/** A member or operator with a live web session: the cookie a browser would send, and its token. */
export type SignedIn = SessionUser & { cookie: string; token: string };

export async function signIn(server: TestServer, user: SessionUser): Promise<SignedIn> {
  const { token } = await createSession(server.ctx, { userId: user.id, kind: "web", persistent: true });
  return { ...user, cookie: `tsugu=${token}`, token };
}

/** A new operator holding `roles`, signed in. */
export async function signInOperator(
  server: TestServer,
  roles: OperatorRole[],
  o: { nickname?: string } = {},
): Promise<SignedIn> {
  return signIn(server, await makeOperator(server.ctx, roles, o));
}

/** A page as the browser gets it (redirects not followed), parsed. */
export async function getPage(server: TestServer, url: string, cookie = "") {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

/** A form posted from our own page (redirects not followed); a name may repeat, as checkboxes do. */
export function postForm(
  server: TestServer,
  url: string,
  form: Record<string, string> | [string, string][],
  cookie = "",
) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
}

/** What a member types in the seller setup's address step (the form's fields). */
export const SETUP_ADDRESS = {
  intent: "save",
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  postalCode: "1000001",
  prefectureCode: "13",
  city: "千代田区",
  street: "千代田1-1",
  phone: "0312345678",
};
/** What a member types in the seller setup's bank account step. */
export const SETUP_BANK = {
  bankCode: "0005",
  bankName: "三菱UFJ銀行",
  branchCode: "001",
  branchName: "本店",
  accountType: "1",
  accountNumber: "1234567",
  holderName: "ヤマダ　ハナコ",
};

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

/** A call to the REST API as a client makes it: a bearer token if given, a JSON body, a language. */
export async function callApi(
  server: TestServer,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; lang?: string } = {},
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      "accept-language": o.lang ?? "ja",
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: o.body === undefined ? undefined : typeof o.body === "string" ? o.body : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

/** A persistent API token of a member's, as `POST /tokens` would give. */
export async function apiTokenFor(server: TestServer, userId: number): Promise<string> {
  return (await createSession(server.ctx, { userId, kind: "api", persistent: true })).token;
}
