import { useEffect, useState } from "react";

/**
 * New builds in open tabs (decision 029). A page asks which build is deployed about a second after
 * it loads, then every five minutes and whenever its tab is shown again; once the answer differs
 * from the build the page runs, the next link the person follows loads its page from the server.
 * A page whose code fails to load is reloaded once per path in ten seconds, then shows the error page.
 */
const FIRST_CHECK_MS = 1_000;
const CHECK_EVERY_MS = 5 * 60_000;
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = "tsugu:code-reload:";

/** The id in the server's answer to `GET /build.json`, or null when it holds none. */
export function latestBuildId(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === "string" && id !== "" ? id : null;
}

/** Whether the deployed build differs from the page's; an unknown id never differs. */
export function isNewBuild(
  pageId: string | null | undefined,
  deployedId: string | null | undefined,
): boolean {
  return Boolean(pageId && deployedId && pageId !== deployedId);
}

/** The code of the page could not be loaded, and the page was already reloaded once for it. */
export class CodeLoadError extends Error {
  override name = "CodeLoadError";
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preloader its own way.
const FAILED_IMPORT = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isCodeLoadError(error: unknown): boolean {
  return error instanceof CodeLoadError || (error instanceof Error && FAILED_IMPORT.test(error.message));
}

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether the page at `path` may be reloaded now because its code failed to load: once, then not
 * again for ten seconds, so that truly broken code shows the error page instead of reloading in a
 * loop. Remembers the reload it allows; without storage that remembers, allows none.
 */
export function mayReload(storage: GuardStorage | null, path: string, now: number): boolean {
  try {
    if (!storage) return false;
    const key = GUARD_KEY + path;
    const since = now - Number(storage.getItem(key) ?? Number.NEGATIVE_INFINITY);
    if (since >= 0 && since < RELOAD_GUARD_MS) return false;
    storage.setItem(key, String(now));
    return storage.getItem(key) === String(now);
  } catch {
    return false;
  }
}

/** The build this tab's code came from: the root data of the page it loaded (set in the browser only). */
let pageBuild: string | null | undefined;
let updatePending = false;
let ownReload = false;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page on purpose (the error page's button, a guarded reload). */
export function reloadPage(): void {
  ownReload = true;
  window.location.reload();
}

/** Reloads the page after its code failed to load, if the guard allows; answers whether it did. */
export function reloadOnce(path: string): boolean {
  if (!mayReload(session(), path, Date.now())) return false;
  reloadPage();
  return true;
}

/**
 * Once a new build is out, a plain click on a link to one of our pages is left to the browser: the
 * event stops before React Router sees it, and the browser loads the next page from the server.
 */
function followLinksByDocument(event: MouseEvent): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  if (link.hasAttribute("download") || (link.target && link.target !== "_self")) return;
  event.stopPropagation();
}

function newBuildIsOut(): void {
  if (updatePending) return;
  updatePending = true;
  window.addEventListener("click", followLinksByDocument, true);
}

function watchDeployedBuild(pageId: string): () => void {
  let asking = false;
  const check = async () => {
    if (updatePending || asking) return;
    asking = true;
    try {
      const res = await fetch(`/build.json?t=${Date.now()}`, { cache: "no-store" });
      if (res.ok && isNewBuild(pageId, latestBuildId(await res.json()))) newBuildIsOut();
    } catch {
      // Offline, or the server restarting for the new build: the next check asks again.
    } finally {
      asking = false;
    }
  };
  const onShown = () => {
    if (document.visibilityState === "visible") void check();
  };
  const first = window.setTimeout(check, FIRST_CHECK_MS);
  const every = window.setInterval(check, CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", onShown);
  return () => {
    window.clearTimeout(first);
    window.clearInterval(every);
    document.removeEventListener("visibilitychange", onShown);
  };
}

type NavigateEvent = Event & { navigationType: string; userInitiated: boolean };

/**
 * React Router reloads the page when the code of the page being opened fails to load, and nothing
 * else in our pages reloads by script. The Navigation API lets the guard refuse a second such reload
 * of the same path within ten seconds (`refused` shows the error page); Vite's failed preloads
 * go through the same guard.
 */
function guardReloads(refused: () => void): () => void {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  const onNavigate = (event: Event) => {
    const e = event as NavigateEvent;
    if (e.navigationType !== "reload" || e.userInitiated || !e.cancelable) return;
    if (ownReload) {
      ownReload = false;
      return;
    }
    if (mayReload(session(), window.location.pathname, Date.now())) return;
    e.preventDefault();
    refused();
  };
  const onPreloadError = (event: Event) => {
    if (reloadOnce(window.location.pathname)) event.preventDefault();
  };
  navigation?.addEventListener("navigate", onNavigate);
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => {
    navigation?.removeEventListener("navigate", onNavigate);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}

/**
 * For the root route's component, with the root data's build id. Throws `CodeLoadError` to the
 * error page when a page's code failed to load again right after a reload.
 */
export function useNewBuilds(buildId: string | null): void {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    if (pageBuild === undefined) pageBuild = buildId;
    const stopGuard = guardReloads(() => setRefused(true));
    const stopWatch = pageBuild ? watchDeployedBuild(pageBuild) : () => {};
    return () => {
      stopGuard();
      stopWatch();
    };
  }, []);
  // The root data comes fresh from the server with each new page: another id, another build.
  useEffect(() => {
    if (isNewBuild(pageBuild, buildId)) newBuildIsOut();
  }, [buildId]);
  if (refused) throw new CodeLoadError("The page's code could not be loaded");
}
