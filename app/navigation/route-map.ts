import { matchRoutes } from "react-router";

/**
 * What the build says of each route pattern (`:lang/items/:id`), for pages the browser reaches by
 * itself (decision 052) and those it fetches ahead (decision 053): the message files its routes
 * read, the browser files of its routes' code below the root, and whether it is a page (a resource
 * route, a CSV or a photo, has no component and is never fetched ahead).
 */
export type RouteMap = {
  /** Every route's browser files, once. */
  modules: string[];
  patterns: Record<string, { messages: string; modules: number[]; page: boolean }>;
};

export type RoutePattern = RouteMap["patterns"][string] & { pattern: string };

/**
 * The build's file of the route map, fetched once: when the browser is idle after hydration, or
 * for the first page it reaches or looks ahead to. Undefined where the build has none
 * (development); null when it could not be fetched.
 */
let map: Promise<RouteMap | null> | undefined;

function routeMapUrl(): string | null {
  return document.querySelector('meta[name="tsugu-route-map"]')?.getAttribute("content") ?? null;
}

export function routeMap(): Promise<RouteMap | null> | undefined {
  const url = routeMapUrl();
  if (!url) return undefined;
  map ??= fetch(url).then(
    (response) => (response.ok ? (response.json() as Promise<RouteMap>) : null),
    () => null,
  );
  return map;
}

/** The route objects of the map's patterns, for React Router's own matching, made once a map. */
const routesOf = new WeakMap<RouteMap, { path: string }[]>();

/** The pattern a path takes, as React Router ranks them (a fixed segment over a parameter). */
export function patternOf(routes: RouteMap, pathname: string): RoutePattern | null {
  let objects = routesOf.get(routes);
  if (!objects) {
    objects = Object.keys(routes.patterns).map((path) => ({ path }));
    routesOf.set(routes, objects);
  }
  const matched = matchRoutes(objects, pathname);
  const path = matched?.at(-1)?.route.path;
  const entry = path === undefined ? undefined : routes.patterns[path];
  return entry && path !== undefined ? { ...entry, pattern: path } : null;
}
