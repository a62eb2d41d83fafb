import type { Locale } from "#core/shared/locale.ts";

/** What the production build knows of the browser's message files (decision 052). */
export type MessageBuild = {
  /** The browser files of each message file (with the files it imports), by language and name. */
  files: Record<Locale, Record<string, readonly string[]>>;
  /** The message files each route's code reads, by route id (`root` included). */
  routes: Record<string, readonly string[]>;
  /**
   * A file of the build: each route pattern's message files and code, for pages reached in the
   * browser and those fetched ahead (`RouteMap`).
   */
  routeMap: string;
};

/**
 * The production build writes this in for the server's page renderer (`messageFiles` in
 * vite.config.ts); in the browser and in development there is none.
 */
export const MESSAGE_BUILD: MessageBuild | null = null;
