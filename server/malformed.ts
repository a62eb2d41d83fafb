import { msg, renderMessage } from "#core/shared/i18n/translate.ts";

/**
 * Requests no route can mean: a path or query whose percent-encoding is broken, or that carries a
 * NUL or another control character. They are refused at the door with 400, in the request's
 * language, before any route (or the database) sees them.
 */
export function malformedRequest(url: URL): boolean {
  const path = decodeOrNull(url.pathname);
  if (path === null || CONTROL.test(path)) return true;
  if (!url.search) return false;
  for (const part of url.search.slice(1).split("&")) {
    const decoded = decodeOrNull(part.replaceAll("+", " "));
    if (decoded === null || CONTROL_IN_QUERY.test(decoded)) return true;
  }
  return false;
}

/** A JSON value nested deeper than `maxDepth`, or holding a NUL in a key or a string. */
export function unsafeJson(value: unknown, maxDepth = 32): "too-deep" | "nul" | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return "nul";
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) return "too-deep";
    if (Array.isArray(v)) {
      for (const x of v) stack.push({ v: x, depth: depth + 1 });
    } else {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes("\u0000")) return "nul";
        stack.push({ v: x, depth: depth + 1 });
      }
    }
  }
  return null;
}

// Paths never hold control characters; query values may hold line breaks (a search for two
// words typed on two lines is still a search), but never NUL or the other C0 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const CONTROL_IN_QUERY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function decodeOrNull(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The 400 page: short, in the language of the path (Japanese unless it starts with /en/). */
export function badRequestPage(pathname: string): string {
  return shortPage(pathname, "errors.badRequestTitle", "errors.badRequestBody");
}

/** A 404 answered at the door (a stand-in's page in production), in the language of the path. */
export function notFoundPage(pathname: string): string {
  return shortPage(pathname, "errors.notFoundTitle", "errors.notFoundBody");
}

/** What the signed-in account may not open (403), in the language of the path. */
function forbiddenPage(pathname: string): string {
  return shortPage(pathname, "errors.forbiddenTitle", "errors.forbiddenBody");
}

/**
 * A refusal a route without a page (a download, a photo, a form's action alone) answered as plain
 * text, as the short page in the path's language when a browser asked for a page: its status kept,
 * its words never shown bare in English on a Japanese page.
 */
export function refusalPage(pathname: string, status: number): string | null {
  if (status === 400) return badRequestPage(pathname);
  if (status === 403) return forbiddenPage(pathname);
  if (status === 404) return notFoundPage(pathname);
  return null;
}

/** A page form sent from another site (403), in the language of the path: sent from outside, refused. */
export function crossSitePage(pathname: string): string {
  return shortPage(pathname, "errors.badRequestTitle", "errors.crossSiteBody");
}

/** A page form larger than any page takes (413), in the language of the path. */
export function tooLargePage(pathname: string): string {
  return shortPage(pathname, "errors.badRequestTitle", "errors.tooLargeBody");
}

/** Headers larger than the server reads (431), in the language of the path: cookies to clear. */
export function headersTooLargePage(pathname: string): string {
  return shortPage(pathname, "errors.badRequestTitle", "errors.headersTooLargeBody");
}

/** A request Node's parser could not read at all (400), in the language of the path. */
export function unreadablePage(pathname: string): string {
  return shortPage(pathname, "errors.badRequestTitle", "errors.unreadableBody");
}

/** The page answered while the database is out of reach (503): come back in a moment. */
export function unavailablePage(pathname: string): string {
  return shortPage(pathname, "errors.unavailableTitle", "errors.unavailableBody");
}

/** The API's sentence for the same. */
export function unavailableMessage(lang: "ja" | "en"): string {
  return renderMessage(msg("errors.unavailableBody"), lang);
}

/**
 * The page answered when the server is at capacity (503, decision 049): busy, try again in a
 * moment, with a link that asks for the same address again.
 */
export function overloadedPage(pathname: string, retryHref: string): string {
  return shortPage(pathname, "errors.unavailableTitle", "errors.overloadedBody", {
    href: retryHref,
    label: "errors.reload",
  });
}

/** The API's sentence for the same. */
export function overloadedMessage(lang: "ja" | "en"): string {
  return renderMessage(msg("errors.overloadedBody"), lang);
}

function shortPage(
  pathname: string,
  title:
    | "errors.badRequestTitle"
    | "errors.forbiddenTitle"
    | "errors.notFoundTitle"
    | "errors.unavailableTitle",
  body:
    | "errors.badRequestBody"
    | "errors.crossSiteBody"
    | "errors.forbiddenBody"
    | "errors.tooLargeBody"
    | "errors.headersTooLargeBody"
    | "errors.unreadableBody"
    | "errors.notFoundBody"
    | "errors.unavailableBody"
    | "errors.overloadedBody",
  link?: { href: string; label: "errors.reload" },
): string {
  const lang = pathname.startsWith("/en/") ? "en" : "ja";
  const t = {
    title: renderMessage(msg(title), lang),
    body: renderMessage(msg(body), lang),
    link: link
      ? { href: escapeAttribute(link.href), label: renderMessage(msg(link.label), lang) }
      : { href: `/${lang}/`, label: renderMessage(msg("errors.badRequestHome"), lang) },
  };
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title} | Tsugu</title></head><body style="font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.7"><h1 style="font-size:1.25rem">${t.title}</h1><p>${t.body}</p><p><a href="${t.link.href}">${t.link.label}</a></p></body></html>`;
}

/** An address from the request, safe inside a double-quoted attribute. */
function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
