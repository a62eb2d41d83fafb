import type { ja } from "./messages/ja.ts";
import type { jaBackOffice } from "./messages/ja-office.ts";
import type { jaSite } from "./messages/ja-site.ts";

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The Japanese catalogue is the reference; English must have exactly the same keys. */
export type Messages = Widen<typeof ja>;

/** The part of a language's messages that every page may show (decision 031). */
export type SiteMessages = Widen<typeof jaSite>;

/** The part that only back-office pages show, a file of its own in the browser (decision 031). */
export type OfficeMessages = Widen<typeof jaBackOffice>;
