import type { Context } from "hono";
import type { ServerBuild } from "react-router";
import { isLocale } from "#core/shared/locale.ts";

/** The label of every request that no route of ours answers: unknown paths never add a series. */
export const UNMATCHED = "unmatched";

type Node = {
  literal: Map<string, Node>;
  /** Dynamic segments; a constrained one (the language) is tried before a free one. */
  params: { accepts?: (segment: string) => boolean; node: Node }[];
  /** The pattern ending here. */
  end?: string;
  /** The pattern whose `*` takes the rest of the path (zero or more segments) from here. */
  splat?: string;
};

const newNode = (): Node => ({ literal: new Map(), params: [] });

/** Dynamic segments that only some values fill: `:lang` is a language of the site or no match. */
const CONSTRAINED: Record<string, (segment: string) => boolean> = { lang: isLocale };

export type PageRoutes = {
  /** The route pattern (`/:lang/items/:id`) that answers a page path, or `unmatched`. */
  match(pathname: string): string;
};

/**
 * The page routes of a React Router build as one tree of path segments, built once. Matching walks
 * it segment by segment, a literal before a dynamic segment before a splat, as React Router ranks
 * them; a splat route of its own (`*`, the not-found pages) is `unmatched`.
 */
export function pageRoutes(manifest: ServerBuild["routes"]): PageRoutes {
  const routes = Object.values(manifest).filter((r) => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  const fullPath = (id: string | undefined): string[] => {
    const route = id === undefined ? undefined : byId.get(id);
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ?? "").split("/").filter(Boolean)];
  };
  const root = newNode();
  for (const route of routes) {
    if (route.path === undefined && !route.index) continue;
    const segments = fullPath(route.id);
    const label = route.path === "*" ? UNMATCHED : `/${segments.join("/")}`.replace(/\/\*$/, "/*") || "/";
    for (const variant of withoutOptional(segments)) insert(root, variant, label);
  }
  return {
    match(pathname) {
      if (pathname === "/") return root.end ?? "/";
      const segments = pathname.split("/").filter((s) => s !== "");
      return walk(root, segments, 0) ?? UNMATCHED;
    },
  };
}

/**
 * The API's endpoints (`/items/{id}` under `/api/v1`) as the same tree, labelled as Hono labels a
 * route it answered (`/api/v1/items/:id`): for a request refused before any route ran (admission
 * control's 503), which would otherwise count as `unmatched`.
 */
export function apiRoutes(paths: readonly string[]): PageRoutes {
  const root = newNode();
  for (const path of paths) {
    const label = `/api/v1${path.replace(/\{([a-z_]+)\}/g, ":$1")}`;
    insert(root, label.split("/").filter(Boolean), label);
  }
  return {
    match: (pathname) => walk(root, pathname.split("/").filter(Boolean), 0) ?? UNMATCHED,
  };
}

/** Every spelling of a pattern with optional segments (`:page?`, `edit?`): with and without each. */
function withoutOptional(segments: string[]): string[][] {
  let variants: string[][] = [[]];
  for (const segment of segments) {
    if (!segment.endsWith("?")) {
      for (const v of variants) v.push(segment);
      continue;
    }
    const kept = segment.slice(0, -1);
    variants = variants.flatMap((v) => [v, [...v, kept]]);
  }
  return variants;
}

function insert(root: Node, segments: string[], label: string): void {
  let node = root;
  for (const segment of segments) {
    if (segment === "*") {
      node.splat ??= label;
      return;
    }
    if (segment.startsWith(":")) {
      const accepts = CONSTRAINED[segment.slice(1)];
      let param = node.params.find((p) => p.accepts === accepts);
      if (!param) {
        param = { ...(accepts ? { accepts } : {}), node: newNode() };
        // Constrained segments first, so "/ja/…" is tried as a language before anything else.
        if (accepts) node.params.unshift(param);
        else node.params.push(param);
      }
      node = param.node;
      continue;
    }
    const key = segment.toLowerCase();
    let next = node.literal.get(key);
    if (!next) {
      next = newNode();
      node.literal.set(key, next);
    }
    node = next;
  }
  node.end ??= label;
}

function walk(node: Node, segments: string[], i: number): string | undefined {
  if (i === segments.length) return node.end ?? node.splat;
  const segment = segments[i]!;
  const literal = node.literal.get(segment.toLowerCase());
  const found = literal && walk(literal, segments, i + 1);
  if (found) return found;
  for (const param of node.params) {
    if (param.accepts && !param.accepts(segment)) continue;
    const deeper = walk(param.node, segments, i + 1);
    if (deeper) return deeper;
  }
  return node.splat;
}

/** A page's data request (client navigation) asks for `/ja/items/1.data` or `/ja/_.data`. */
const DATA_SUFFIX = /\/?_?\.data$/;
/** A file of public/ served as it is (`/favicon.svg`). */
const FILE = /\/[^/]+\.[a-z0-9]+$/i;

/** Whether a path names a file (`/favicon.svg`, `/sitemap.xml`, a page's `.data`). */
export function namesFile(path: string): boolean {
  return FILE.test(path);
}

/**
 * The `route` label of a request, from a bounded set: the Hono route that answered (`/api/v1/items/:id`,
 * `/webhooks/:provider`), `/assets/*` for built assets, the page route pattern for pages (with
 * `.data` for their data requests), `static` for files of public/, and `unmatched` for the rest.
 * Read after the request was answered.
 */
export function routeLabel(c: Context, pages: PageRoutes, api?: PageRoutes): string {
  const path = c.req.path;
  if (path.startsWith("/assets/")) return "/assets/*";
  const answered = c.req.routePath;
  if (answered !== "*" && answered !== "/*") {
    // The API's own catch-all answers only "no such endpoint".
    return answered.startsWith("/api/") && answered.endsWith("*") ? UNMATCHED : answered;
  }
  // Refused before the API's routes ran (admission control): labelled by the endpoint it asked for.
  if (api && path.startsWith("/api/v1/")) return api.match(path);
  if (path.endsWith(".data")) {
    const page = pages.match(path.replace(DATA_SUFFIX, "/"));
    return page === UNMATCHED ? page : `${page}.data`;
  }
  const page = pages.match(path);
  if (page !== UNMATCHED) return page;
  return c.res.status < 400 && namesFile(path) ? "static" : UNMATCHED;
}
