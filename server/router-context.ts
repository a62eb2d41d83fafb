import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import type { Config } from "./config.ts";
import type { ReadCache } from "./read-cache.ts";
import type { RealtimeHub } from "./realtime.ts";
import type { SystemInfo } from "./system.ts";

/** What every request can use: the core's dependencies, built once, plus what only the server has. */
export type AppServices = {
  /** Every use case is called with this one context. */
  core: CoreContext;
  /** Live notifications for open pages (LISTEN/NOTIFY). */
  realtime: RealtimeHub;
  config: Config;
  /** Data every member sees alike, kept briefly between requests (decision 030). */
  reads: ReadCache;
  /** The database engine and pool, mail's last outcome and the build: for metrics and health. */
  system: SystemInfo;
};

export type RequestInfo = {
  requestId: string;
  ip: string;
  userAgent: string;
  /** Set by the session middleware of the web door. */
  user: SessionUser | null;
  sessionToken: string | null;
  /**
   * The signed-in member's unread notifications, read with the session before the page's loaders;
   * null when not read (no member, or an operator looking at a member's pages).
   */
  unreadNotifications: number | null;
  /** The session could not be checked (the database did not answer): pages answer with an error. */
  sessionUnavailable: boolean;
  /** The id of the deployed build the page is rendered with (decision 029); null in development. */
  buildId: string | null;
  /** An operator looking at this member's pages, read-only (`user` is then the member). */
  viewingAs: { operatorNickname: string; memberId: number; expiresAt: string } | null;
};

// The server runs this file directly while the React Router build carries its own copy, so the
// context keys live on globalThis to be the same objects in both.
function sharedKey<T>(name: string): RouterContext<T> {
  const store = globalThis as unknown as Record<symbol, RouterContext<T> | undefined>;
  const sym = Symbol.for(`tsugu.${name}`);
  store[sym] ??= createContext<T>();
  return store[sym];
}

export const servicesContext = sharedKey<AppServices>("services");
export const requestContext = sharedKey<RequestInfo>("request");

export function createLoadContext(services: AppServices, request: RequestInfo): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, services);
  provider.set(requestContext, request);
  return provider;
}
