import { joinParts } from "../join-parts.ts";
import type { Messages } from "../messages.ts";
import { enBackOffice } from "./en-office.ts";
import { enSite } from "./en-site.ts";

/** The whole English catalogue: the site's messages and the back office's (see `ja.ts`). */
export const en: Messages = joinParts(enSite, enBackOffice);
