import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, type ServerBuild } from "react-router";
import { msg, renderMessage } from "#core/shared/i18n/translate.ts";
import { endViewAs } from "#core/staff/end-view-as.ts";
import { resolveViewAs, type ViewingAs } from "#core/staff/view-as.ts";
import { MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { isDatabaseUnreachable } from "#db/client.ts";
import { admissionControl, createAdmission, type RouteClass } from "./admission.ts";
import { API_ROUTES, createApiV1 } from "./api/v1/index.ts";
import { type Authenticated, authenticate, fromOurOrigin } from "./authenticate.ts";
import { deployedBuildId } from "./build-id.ts";
import { clientIp } from "./client-ip.ts";
import { compression } from "./compression.ts";
import { clearCookie, LOCALE_COOKIE, localeCookie, parseCookies, VIEW_AS_COOKIE } from "./cookies.ts";
import { localeOfPath, localeRedirect, needsTrailingSlash, pickLocale } from "./locale-routing.ts";
import type { Logger } from "./logger.ts";
import {
  badRequestPage,
  crossSitePage,
  malformedRequest,
  notFoundPage,
  refusalPage,
  tooLargePage,
  unavailableMessage,
  unavailablePage,
} from "./malformed.ts";
import { createMetrics } from "./metrics.ts";
import { createOidcSandboxRoutes } from "./oidc-sandbox.ts";
import { createPageCache } from "./page-cache.ts";
import { isSandboxPath } from "./profile.ts";
import { createProviderCallbackRoutes } from "./provider-callback.ts";
import { createRealtimeRoutes } from "./realtime.ts";
import { namesFile } from "./route-labels.ts";
import { type AppServices, createLoadContext } from "./router-context.ts";
import { probeDatabase } from "./system.ts";
import { createProviderRoutes } from "./webhooks.ts";

export type HttpEnv = { Bindings: HttpBindings; Variables: { requestId: string; ip: string } };

const PAGE_MAX_BODY_BYTES = 11 * MAX_IMAGE_BYTES;
/** How long a client is asked to wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/** Whether the database answers a trivial question within a second (asked only after a page failed). */
async function databaseAnswers(services: AppServices): Promise<boolean> {
  const probe = await probeDatabase(services.core, 1_000);
  return probe.ok;
}

export type HttpAppOptions = {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  logger: Logger;
  /** The built browser assets; absent in development, where Vite serves them. */
  clientDir?: string;
};

const ROBOTS = (publicUrl: string) =>
  `User-agent: *\nDisallow: /api/\nDisallow: /metrics\nDisallow: /ja/dev/\nDisallow: /en/dev/\nSitemap: ${publicUrl}/sitemap.xml\n`;

/**
 * The request as the visitor made it. With an https public address, TLS ends before this server (a
 * load balancer or proxy speaks plain http to it), so a request arrives as http: the pages see it on
 * the public origin, which is where the visitor's browser sent it and what its Origin header says.
 */
function asVisitorMadeIt(request: Request, publicUrl: string): Request {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || !publicUrl.startsWith("https:")) return request;
  return new Request(new URL(`${url.pathname}${url.search}`, publicUrl), request);
}

export function createHttpApp(o: HttpAppOptions): Hono<HttpEnv> {
  const { services, logger } = o;
  const secure = services.config.publicUrl.startsWith("https:");
  const app = new Hono<HttpEnv>();

  const admission = createAdmission(services.config.admission);
  app.use(
    createMetrics({ services, build: o.build, admission, apiPaths: API_ROUTES.map((route) => route.path) }),
  );
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("requestId", requestId);
    c.set(
      "ip",
      clientIp(
        c.env?.incoming?.socket?.remoteAddress,
        c.req.header("x-forwarded-for"),
        services.config.trustProxy,
      ),
    );
    await next();
    c.header("X-Request-Id", requestId);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!c.res.headers.has("X-Frame-Options")) c.header("X-Frame-Options", "SAMEORIGIN");
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  app.use(compression());

  // A broken percent-encoding or a control character in the address: 400, before any route.
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    if (!malformedRequest(url)) return next();
    // Machine endpoints (the API, providers' webhooks) answer JSON, pages a short page.
    if (/^\/(api|webhooks)\//.test(url.pathname)) {
      const en = /^en\b/i.test(c.req.header("accept-language") ?? "");
      return c.json(
        {
          error: {
            code: "BAD_REQUEST",
            message: en
              ? "The address holds characters it cannot hold"
              : "アドレスに使えない文字が含まれています",
          },
        },
        400,
      );
    }
    return c.html(badRequestPage(url.pathname), 400);
  });

  // The stand-ins' pages and endpoints do not exist in production (decision 045), whatever the settings.
  if (services.config.profile === "production") {
    app.use(async (c, next) => {
      if (!isSandboxPath(c.req.path)) return next();
      if ((c.req.header("accept") ?? "").includes("text/html")) return c.html(notFoundPage(c.req.path), 404);
      return c.json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    });
  }

  app.onError((error, c) => {
    const machine = /^\/(api|webhooks)\//.test(c.req.path);
    if (isDatabaseUnreachable(error)) {
      // The database is restarting or out of reach: ask to come back shortly, never a 500.
      logger.warn({ err: error, requestId: c.get("requestId") }, "database unreachable");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      if (machine) {
        const en = /^en\b/i.test(c.req.header("accept-language") ?? "");
        return c.json({ error: { code: "UNAVAILABLE", message: unavailableMessage(en ? "en" : "ja") } }, 503);
      }
      return c.html(unavailablePage(c.req.path), 503);
    }
    logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    if (machine) {
      return c.json({ error: { code: "INTERNAL", message: "An unexpected error occurred" } }, 500);
    }
    return c.text("Internal Server Error", 500);
  });

  const pageCache = createPageCache({
    ttlSeconds: services.config.pageCacheSeconds,
    alongside: services.reads,
  });
  // Admission control (decision 049): a bounded number of requests of each class at once, the rest
  // answered 503 at once. A visitor's page the cache may answer, and a file the static server may,
  // wait for their slot until neither did, so that what is kept in memory is served however busy.
  const afterCache = (c: Context, cls: RouteClass) =>
    cls === "pages" && c.req.method === "GET" && (pageCache.mayAnswer(c.req.raw) || namesFile(c.req.path));
  app.use(admissionControl(admission, { where: (c, cls) => !afterCache(c, cls) }));
  app.use("*", pageCache.clearOnWrite);

  app.get("/robots.txt", (c) => c.text(ROBOTS(services.config.publicUrl)));

  app.route("/api/v1", createApiV1(services));
  // Called by outside services (no session, no same-origin rule): each checks its own signature.
  app.route("/", createProviderRoutes(services));
  app.route("/", createRealtimeRoutes(services));
  // Sign in with LINE, Google and Apple: their answers, and the sandbox provider (decision 037).
  app.route("/", createProviderCallbackRoutes());
  app.route("/", createOidcSandboxRoutes(services));

  // Uploaded files kept by the local blob store. Keys never change content, so they cache forever.
  app.get("/media/*", async (c) => {
    const key = decodeURIComponent(c.req.path.slice("/media/".length));
    // Identity documents and other private files live under private/ and are never served here.
    if (key.startsWith("private/")) return c.text("Not Found", 404);
    const blob = await services.core.blobs.get(key);
    if (!blob) return c.text("Not Found", 404);
    c.header("Content-Type", blob.contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    return c.body(new Uint8Array(blob.body));
  });

  const buildId = o.clientDir ? deployedBuildId(o.clientDir) : async () => null;
  if (o.clientDir) {
    const root = o.clientDir;
    // What open pages ask to learn that a new build is out (decision 029): never from a cache.
    app.get("/build.json", async (c) => {
      const id = await buildId();
      c.header("Cache-Control", "no-store");
      return id ? c.json({ id }) : c.text("Not Found", 404);
    });
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("/assets/*", serveStatic({ root }));
    // The push service worker (decision 041): checked for updates on every visit, in charge of every page.
    app.get(
      "/sw.js",
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header("Cache-Control", "no-cache");
          c.header("Service-Worker-Allowed", "/");
        },
      }),
    );
    app.use("*", async (c, next) => {
      if (!/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.endsWith(".data")) return next();
      return serveStatic({ root, onFound: (_p, fc) => fc.header("Cache-Control", "public, max-age=3600") })(
        c,
        next,
      );
    });
  }

  // Pages: language at the root, trailing slashes, the remembered language.
  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const isRead = c.req.method === "GET" || c.req.method === "HEAD";
    const cookies = parseCookies(c.req.header("cookie"));
    if (isRead && url.pathname === "/") {
      const locale = pickLocale(cookies[LOCALE_COOKIE], c.req.header("accept-language"));
      c.header("Vary", "Cookie, Accept-Language");
      c.header("Cache-Control", "private, no-cache");
      return c.redirect(`/${locale}/${url.search}`, 302);
    }
    if (isRead && needsTrailingSlash(url.pathname)) {
      // Leading slashes are folded so "//host" can never become a redirect to another site.
      return c.redirect(`${url.pathname.replace(/^\/+/, "/")}/${url.search}`, 301);
    }
    const moved = isRead
      ? localeRedirect(url.pathname, url.search, () =>
          pickLocale(cookies[LOCALE_COOKIE], c.req.header("accept-language")),
        )
      : null;
    if (moved) {
      if (!moved.permanent) {
        c.header("Vary", "Cookie, Accept-Language");
        c.header("Cache-Control", "private, no-cache");
      }
      return c.redirect(moved.to, moved.permanent ? 301 : 302);
    }
    await next();
    const locale = localeOfPath(url.pathname);
    if (isRead && locale && cookies[LOCALE_COOKIE] !== locale && c.res.status < 400) {
      c.res.headers.append("Set-Cookie", localeCookie(locale, secure));
    }
  });

  // No page form needs more than the sell form with ten photos; larger bodies are never read.
  app.use(
    "*",
    bodyLimit({ maxSize: PAGE_MAX_BODY_BYTES, onError: (c) => c.html(tooLargePage(c.req.path), 413) }),
  );

  // State changes only from our own pages: SameSite=Lax cookies plus an origin check.
  app.use("*", async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    if (!fromOurOrigin(c.req.raw, services.config.publicUrl, true))
      return c.html(crossSitePage(c.req.path), 403);
    return next();
  });

  app.use("*", pageCache.pages);
  app.use(admissionControl(admission, { where: afterCache }));

  const handler = createRequestHandler(
    o.build,
    services.config.env === "development" ? "development" : "production",
  );
  // An operator stops looking at a member's pages (a plain form in the read-only banner).
  app.post("/:lang/staff/view-as/end/", async (c) => {
    const lang = c.req.param("lang") === "en" ? "en" : "ja";
    const who = await authenticate(services, c.req.raw, "page");
    const ticket = parseCookies(c.req.header("cookie"))[VIEW_AS_COOKIE];
    const viewing = who.user ? await resolveViewAs(services.core, who.user, ticket) : null;
    c.header("Set-Cookie", clearCookie(VIEW_AS_COOKIE, secure));
    if (!viewing) return c.redirect(`/${lang}/staff/`, 303);
    await endViewAs(services.core, {
      actor: who.user,
      memberId: viewing.member.id,
      meta: { requestId: c.get("requestId"), ip: c.get("ip") },
    });
    return c.redirect(`/${lang}/staff/members/${viewing.member.id}/`, 303);
  });

  app.all("*", async (c) => {
    let who: Authenticated = { user: null, token: null, via: null };
    let sessionUnavailable = false;
    let viewingAs: ViewingAs | null = null;
    try {
      who = await authenticate(services, c.req.raw, "page");
      const ticket =
        who.user?.role === "operator" ? parseCookies(c.req.header("cookie"))[VIEW_AS_COOKIE] : undefined;
      if (ticket && who.user) viewingAs = await resolveViewAs(services.core, who.user, ticket);
    } catch (error) {
      logger.error({ err: error, requestId: c.get("requestId") }, "session lookup failed");
      sessionUnavailable = true;
    }
    // Looking at a member's pages is read-only: nothing may be sent in their name.
    if (viewingAs && !["GET", "HEAD"].includes(c.req.method)) {
      return c.text(renderMessage(msg("viewAs.readOnly"), localeOfPath(c.req.path) ?? "ja"), 403);
    }
    const context = createLoadContext(services, {
      requestId: c.get("requestId"),
      ip: c.get("ip"),
      userAgent: c.req.header("user-agent") ?? "",
      user: viewingAs ? viewingAs.member : who.user,
      sessionToken: who.token,
      unreadNotifications: viewingAs ? null : (who.unreadNotifications ?? null),
      sessionUnavailable,
      buildId: await buildId(),
      viewingAs: viewingAs
        ? {
            operatorNickname: viewingAs.operator.nickname,
            memberId: viewingAs.member.id,
            expiresAt: viewingAs.expiresAt.toISOString(),
          }
        : null,
    });
    let res = await handler(asVisitorMadeIt(c.req.raw, services.config.publicUrl), context);
    // A page that failed because the database is out of reach says so (503, come back shortly).
    if (res.status === 500 && !(await databaseAnswers(services))) {
      res = new Response(unavailablePage(c.req.path), {
        status: 503,
        headers: { "Content-Type": "text/html; charset=UTF-8", "Retry-After": String(RETRY_AFTER_SECONDS) },
      });
    }
    // A route without a page refuses in words (plain text, or the JSON string React Router makes
    // of them); a browser asking for a page gets the short page in the path's language instead
    // (an <img> or a script asking keeps the plain answer).
    if (
      res.status >= 400 &&
      res.status < 500 &&
      !res.headers.get("Content-Type")?.startsWith("text/html") &&
      /^\/(ja|en)\//.test(c.req.path) &&
      c.req.header("Accept")?.includes("text/html")
    ) {
      const page = refusalPage(c.req.path, res.status);
      if (page) {
        res = new Response(page, {
          status: res.status,
          headers: { "Content-Type": "text/html; charset=UTF-8" },
        });
      }
    }
    // Pages say who may keep them: one that knows who is asking stays in that browser alone.
    if (!res.headers.has("Cache-Control") && res.headers.get("Content-Type")?.startsWith("text/html")) {
      res.headers.set("Cache-Control", who.user ? "private, no-cache" : "no-cache");
      const vary = res.headers.get("Vary");
      if (!vary?.includes("Cookie")) res.headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
    }
    return res;
  });

  return app;
}
