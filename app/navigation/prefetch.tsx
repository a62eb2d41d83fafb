import { useEffect } from "react";
import { loadMessages } from "../i18n/index.ts";
import { localeOf } from "../lib/seo.ts";
import { fetchDataAhead, KEPT_FOR_MS, keepDataAhead } from "./data-ahead.ts";
import { PreloadQueue } from "./preload-queue.ts";
import { patternOf, type RouteMap, type RoutePattern, routeMap } from "./route-map.ts";

/**
 * The likely next pages, fetched ahead (decision 053). A link of the page's main part that comes into
 * view brings its page's code and words when that page is one to read (an item, a search, a
 * profile, an article; the same for every item card, so once); a link a person points at, touches
 * or tabs to brings any page's code and words, and its data too when it is one to read, whose
 * loader changes nothing; it is kept for the one navigation it is for
 * (`data-ahead.ts`). Only pages in the page's own language; never more than four at once (spec §9);
 * nothing ahead when the browser asks to save data.
 */
const DATA_AHEAD = new Set([
  ":lang",
  ":lang/items",
  ":lang/items/search",
  ":lang/items/brand/:code",
  ":lang/items/:id",
  ":lang/items/:id/comments",
  ":lang/users/:id",
  ":lang/users/:id/reviews",
  ":lang/users/:id/followers",
  ":lang/users/:id/follows",
  ":lang/help",
  ":lang/help/:slug",
  ":lang/buyback",
  ":lang/buyback/items",
  ":lang/buyback/items/:categoryId",
  ":lang/buyback/items/:categoryId/:itemId",
  ":lang/buyback/results",
  ":lang/buyback/results/:id",
  ":lang/buyback/shop",
  ":lang/buyback/spots",
  ":lang/about",
  ":lang/about/company",
  ":lang/about/flema",
  ":lang/flema",
  ":lang/laws",
  ":lang/privacy",
  ":lang/terms-of-service",
  "articles",
  "articles/page/:page",
  "articles/:slug",
  "authors/:slug",
  "authors/:slug/page/:page",
  "news",
  "news/page/:page",
  "news/:slug",
]);

/** How long a pointer rests on a link before it counts as a person about to open it. */
const POINTER_REST_MS = 100;
/** How near the screen a link must come to count as in view. */
const VIEW_MARGIN = "200px";

type Connection = { saveData?: boolean; effectiveType?: string };

/** Whether the browser asks to spare its line: Save-Data, or a 2G connection. */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? "");
}

/** The page a link opens inside the site, when it is one the browser may fetch ahead. */
function pageOf(anchor: HTMLAnchorElement, here: Location): URL | null {
  if (anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return null;
  if (anchor.closest("[data-prefetch='off']")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

const loadedModules = new Set<string>();

/** A module's code in the browser's cache, as `<link rel="modulepreload">` asks for it. */
function preloadModule(href: string): Promise<void> {
  if (loadedModules.has(href)) return Promise.resolve();
  loadedModules.add(href);
  if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`))
    return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}

/** A page's code and the words its routes read, in its language (the page's own). */
function preloadCode(map: RouteMap, entry: RoutePattern, url: URL): Promise<void> {
  const modules = entry.modules.map((at) => map.modules[at]).filter((href) => href !== undefined);
  return Promise.all([
    ...modules.map(preloadModule),
    loadMessages(localeOf(url.pathname), entry.messages.split(" ").filter(Boolean)),
  ]).then(() => undefined);
}

/**
 * Watches the links of the page: those that come into view and those a person points at. Returns
 * what stops watching.
 */
function lookAhead(queue: PreloadQueue, fetchData: (page: string) => Promise<void>): () => void {
  const ahead = async (anchor: HTMLAnchorElement, intent: boolean) => {
    const url = pageOf(anchor, window.location);
    // A page in the other language comes whole from the server (the language switcher), or carries
    // words this page does not (decision 031): it is fetched when it is opened.
    if (!url || savingData() || localeOf(url.pathname) !== document.documentElement.lang) return;
    const map = await routeMap();
    const entry = map && patternOf(map, url.pathname);
    if (!map || !entry?.page) return;
    // Merely in view, only a page to read is likely next (an item, a search, a profile, an article):
    // a phone does not fetch the code of every form and desk the page links to.
    const reading = DATA_AHEAD.has(entry.pattern);
    if (!intent && !reading) return;
    queue.add(`code ${localeOf(url.pathname)} ${entry.pattern}`, () => preloadCode(map, entry, url), {
      urgent: intent,
    });
    if (intent && reading) {
      const page = url.pathname + url.search;
      queue.add(`data ${page}`, () => fetchData(page), { urgent: true, keepMs: KEPT_FOR_MS });
    }
  };

  const anchorOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;
  let resting: { anchor: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    const anchor = anchorOf(event.target);
    if (!anchor || resting?.anchor === anchor) return;
    if (resting) clearTimeout(resting.timer);
    resting = { anchor, timer: setTimeout(() => void ahead(anchor, true), POINTER_REST_MS) };
  };
  const onPointerOut = (event: PointerEvent) => {
    if (!resting || (event.relatedTarget instanceof Node && resting.anchor.contains(event.relatedTarget)))
      return;
    clearTimeout(resting.timer);
    resting = null;
  };
  const onIntent = (event: Event) => {
    const anchor = anchorOf(event.target);
    if (anchor) void ahead(anchor, true);
  };

  const seen = new WeakSet<Element>();
  const inView = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        inView.unobserve(entry.target);
        void ahead(entry.target as HTMLAnchorElement, false);
      }
    },
    { rootMargin: VIEW_MARGIN },
  );
  const watch = (root: ParentNode) => {
    for (const anchor of root.querySelectorAll<HTMLAnchorElement>("main a[href]")) {
      if (seen.has(anchor)) continue;
      seen.add(anchor);
      inView.observe(anchor);
    }
  };
  // New links (more results, a page reached in the browser) are looked for once a frame at most.
  let looking = false;
  const added = new MutationObserver(() => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(() => {
      looking = false;
      watch(document);
    });
  });
  // Links in view are watched from a person's first move (a scroll, a touch, the pointer, a key):
  // a page loading, or a robot reading it, fetches nothing ahead.
  const FIRST_MOVES = ["scroll", "pointermove", "touchstart", "keydown"] as const;
  const begin = () => {
    for (const name of FIRST_MOVES) window.removeEventListener(name, begin);
    watch(document);
    added.observe(document.body, { childList: true, subtree: true });
  };
  for (const name of FIRST_MOVES) window.addEventListener(name, begin, { passive: true });

  document.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerout", onPointerOut);
  document.addEventListener("focusin", onIntent);
  document.addEventListener("touchstart", onIntent, { passive: true });
  return () => {
    if (resting) clearTimeout(resting.timer);
    for (const name of FIRST_MOVES) window.removeEventListener(name, begin);
    added.disconnect();
    inView.disconnect();
    document.removeEventListener("pointerover", onPointerOver);
    document.removeEventListener("pointerout", onPointerOut);
    document.removeEventListener("focusin", onIntent);
    document.removeEventListener("touchstart", onIntent);
  };
}

/** Rendered once, in the root: fetches the likely next pages ahead. */
export function Prefetcher(): null {
  useEffect(() => {
    keepDataAhead();
    return lookAhead(new PreloadQueue(), fetchDataAhead);
  }, []);
  return null;
}
