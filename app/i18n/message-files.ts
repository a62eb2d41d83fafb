import type { CataloguePart } from "#core/shared/i18n/messages.ts";
import type { Locale } from "#core/shared/locale.ts";

/**
 * The browser files of each language's messages, by part (the site's, the back office's), with the
 * files they import (decision 031). The production build writes them in here for the server's page
 * renderer (`messageFiles` in vite.config.ts); in the browser and in development there are none.
 */
export const MESSAGE_FILES: Partial<Record<Locale, Record<CataloguePart, readonly string[]>>> = {};
