import type { SiteMessages } from "../../messages.ts";

/** The back office's words that pages outside it show too (see `ja/staff-shared.ts`). */
export const enStaffShared: Pick<SiteMessages, "viewAs" | "deskPager"> = {
  viewAs: {
    title: "View a member's pages",
    lead: "Shows the pages as {name} sees them. Read-only: nothing can be changed. Starting and ending are kept in the audit log (it ends by itself after 30 minutes).",
    start: "Start viewing",
    banner: "Viewing as {name} (read-only) — {operator}",
    end: "Stop viewing",
    readOnly: "While viewing a member's pages, nothing can be changed or sent.",
  },
  deskPager: {
    previous: "Previous page",
    next: "Next page",
    pageOf: "Page {page, number} of {pages, number}",
  },
};
