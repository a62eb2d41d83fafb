import { joinParts } from "../join-parts.ts";
import { jaBackOffice } from "./ja-office.ts";
import { jaSite } from "./ja-site.ts";

/**
 * The whole Japanese catalogue, the reference for every language (decision 020): the site's messages
 * and the back office's. The browser loads the two parts as files of their own (decision 031).
 */
export const ja = joinParts(jaSite, jaBackOffice);
