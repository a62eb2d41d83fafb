import type { ja } from "./messages/ja.ts";

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The Japanese catalogue is the reference; English must have exactly the same keys. */
export type Messages = Widen<typeof ja>;
