import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
} from "react-router";
import { IntlProvider } from "use-intl";
import { unreadNotificationCount } from "#core/notify/list-notifications.ts";
import { TIME_ZONE } from "#core/shared/locale.ts";
import { clearCookie, FLASH_COOKIE } from "#server/cookies.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page.tsx";
import { type RootData, Shell } from "./components/shell/shell.tsx";
import { messagesFor, translator } from "./i18n/index.ts";
import { loadPageMessages, preloadMessages, usePageLanguage, usePageMessages } from "./i18n/page-messages.ts";
import { isFlashKey } from "./lib/flash.ts";
import { isCodeLoadError, reloadOnce, useNewBuilds } from "./lib/new-builds.ts";
import { cookiesOf, core, requestInfo, secureCookies, services } from "./lib/request.server.ts";
import { localeOf, seo } from "./lib/seo.ts";
import { setRouteError } from "./lib/ui-state.ts";
import { Prefetcher } from "./navigation/prefetch.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** A flash message is read once: the response that shows it also clears it. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = (await next()) as Response;
    if (
      cookiesOf(request)[FLASH_COOKIE] &&
      !response.headers.get("Set-Cookie")?.includes(`${FLASH_COOKIE}=`)
    ) {
      response.headers.append("Set-Cookie", clearCookie(FLASH_COOKIE, secureCookies(context)));
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { user, sessionUnavailable, viewingAs, unreadNotifications } = requestInfo(context);
  if (sessionUnavailable) throw data("Service unavailable", { status: 503 });
  const [key, nonce = ""] = (cookiesOf(request)[FLASH_COOKIE] ?? "").split("|");
  return {
    user: user ? { id: user.id, nickname: user.nickname } : null,
    flash: isFlashKey(key) ? { key, nonce } : null,
    publicUrl: services(context).config.publicUrl,
    unreadNotifications: !user
      ? 0
      : // Read with the session on a plain read; after a form's action on this request, counted anew.
        unreadNotifications !== null && (request.method === "GET" || request.method === "HEAD")
        ? unreadNotifications
        : await unreadNotificationCount(core(context), user.id),
    viewingAs,
    buildId: requestInfo(context).buildId,
  };
}

/** A page reached in the browser loads the messages its route reads first (decisions 031, 052). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadPageMessages];

/** The unread badge follows the member around: the root's data is fresh on every page, not only after a form. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export function meta(args: Route.MetaArgs) {
  // Every page names itself: the root's meta names error pages. It cannot see the page's own data,
  // and a page in the browser carries its own language's messages only (decision 031).
  if (!args.error) return [];
  const t = translator(localeOf(args.location.pathname));
  const status = isRouteErrorResponse(args.error) ? args.error.status : 500;
  return seo(args, {
    title:
      status === 404
        ? t("errors.notFoundTitle")
        : status === 403
          ? t("errors.forbiddenTitle")
          : status === 400
            ? t("errors.badRequestTitle")
            : t("errors.errorTitle"),
    noindex: true,
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const lang = usePageLanguage();
  const messages = usePageMessages();
  preloadMessages(lang, messages.files);
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1d63d8" />
        <meta name="tsugu-messages" content={messages.files} />
        {messages.routeMap && <meta name="tsugu-route-map" content={messages.routeMap} />}
        <Meta />
        <Links />
      </head>
      <body>
        <IntlProvider locale={lang} messages={messagesFor(lang)} timeZone={TIME_ZONE}>
          {children}
        </IntlProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useNewBuilds(loaderData.buildId);
  return (
    <>
      <Outlet />
      <Prefetcher />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const lang = localeOf(pathname);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The page's code is gone (a new build replaced it): reload once, else say so (decision 029).
  const updated = isCodeLoadError(error);
  useEffect(() => {
    setRouteError(true);
    if (updated) reloadOnce(pathname);
    return () => setRouteError(false);
  }, []);
  if (status !== 404 && import.meta.env.DEV) console.error(error);
  return (
    <Shell lang={lang}>
      <ErrorPage lang={lang} status={status} updated={updated} />
    </Shell>
  );
}
