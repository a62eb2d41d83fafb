import { pathToFileURL } from "node:url";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { SERVER_BUILD } from "../scripts/build-if-needed.ts";
import { API_ROUTES } from "./api/v1/index.ts";
import { apiRoutes, type PageRoutes, pageRoutes, UNMATCHED } from "./route-labels.ts";

let build: ServerBuild;
let pages: PageRoutes;
beforeAll(async () => {
  build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  pages = pageRoutes(build.routes);
});

/** The build's routes as React Router's own matcher takes them. */
function routeTree(manifest: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((r) => r !== undefined && r.parentId === parentId)
    .map((r) => {
      const children = routeTree(manifest, r!.id);
      return r!.index
        ? { id: r!.id, index: true as const }
        : { id: r!.id, path: r!.path, ...(children.length ? { children } : {}) };
    });
}

/** The pattern React Router matches for a path, written as the metrics write it. */
function reactRouterPattern(tree: RouteObject[], path: string): string {
  const matches = matchRoutes(tree, path);
  if (!matches) return UNMATCHED;
  const deepest = matches[matches.length - 1]!.route;
  if (deepest.path === "*") return UNMATCHED;
  const segments = matches.flatMap((m) => (m.route.path ?? "").split("/").filter(Boolean));
  return `/${segments.join("/")}`;
}

describe("route labels of pages", () => {
  it("gives every page path the pattern React Router matches it with", () => {
    const tree = routeTree(build.routes);
    const patterns = new Set(
      Object.values(build.routes)
        .filter((r) => r !== undefined && (r.path !== undefined || r.index) && r.path !== "*")
        .map((r) => reactRouterPattern(tree, fill(fullPath(build.routes, r!.id), "12345"))),
    );
    expect(patterns.size).toBeGreaterThan(150);
    for (const pattern of patterns) {
      for (const value of ["12345", "abc-def"]) {
        const path = `${fill(pattern, value)}/`;
        expect(pages.match(path), path).toBe(reactRouterPattern(tree, path));
      }
    }
  });

  it("names ids and slugs by their place, and unknown paths unmatched", () => {
    expect(pages.match("/ja/items/1/")).toBe("/:lang/items/:id");
    expect(pages.match("/en/items/987654321/")).toBe("/:lang/items/:id");
    expect(pages.match("/ja/items/search/")).toBe("/:lang/items/search");
    expect(pages.match("/ja/Items/Search")).toBe("/:lang/items/search");
    expect(pages.match("/ja/")).toBe("/:lang");
    expect(pages.match("/articles/how-to-sell/")).toBe("/articles/:slug");
    expect(pages.match("/sitemap.xml")).toBe("/sitemap.xml");
    // Not a language of the site: React Router would try it as one, then show the not-found page.
    expect(pages.match("/xx/items/1/")).toBe(UNMATCHED);
    expect(pages.match("/ja/no/such/page/")).toBe(UNMATCHED);
    expect(pages.match("/wp-login.php")).toBe(UNMATCHED);
  });
});

describe("route labels of the API's endpoints", () => {
  it("labels every endpoint as Hono labels the route that answered it, and unknown paths unmatched", () => {
    const api = apiRoutes(API_ROUTES.map((route) => route.path));
    for (const { path } of API_ROUTES) {
      const label = `/api/v1${path.replace(/\{([a-z_]+)\}/g, ":$1")}`;
      expect(api.match(`/api/v1${path.replace(/\{[a-z_]+\}/g, "12345")}`), path).toBe(label);
    }
    expect(api.match("/api/v1/items/987")).toBe("/api/v1/items/:id");
    expect(api.match("/api/v1/items/count")).toBe("/api/v1/items/count");
    expect(api.match("/api/v1/no-such-endpoint")).toBe(UNMATCHED);
    expect(api.match("/api/v1/items/1/no-such-thing")).toBe(UNMATCHED);
  });
});

function fullPath(manifest: ServerBuild["routes"], id: string | undefined): string {
  const route = id === undefined ? undefined : manifest[id];
  if (!route) return "";
  return [fullPath(manifest, route.parentId), route.path ?? ""].filter(Boolean).join("/");
}

function fill(pattern: string, value: string): string {
  const path = pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s === ":lang" ? "ja" : s.startsWith(":") ? value : s))
    .join("/");
  return `/${path}`;
}
