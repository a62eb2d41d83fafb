import { Outlet } from "react-router";
import { hasPermission } from "#core/staff/permissions.ts";
import { queueSummaries } from "#core/staff/queues.ts";
import { type DeskData, DeskShell } from "../../components/shell/desk.tsx";
import type { RouteHandle } from "../../components/shell/route-handle.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import type { Route } from "./+types/layout";
import { groupNav, navLabel, queueOfNav, STAFF_NAV } from "./nav.ts";
import { requireStaff } from "./staff.server.ts";

/** The back office is a desk: the shell draws its frame (top bar, menu by section) around every page. */
export const handle: RouteHandle = { wide: true, desk: "office", frame: DeskShell };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireStaff(context, request, lang);
  const open = STAFF_NAV.filter((item) => hasPermission(user.staffRoles, item.permission));
  // The queues' depths beside their entries: only the queues the operator may work are counted.
  const queues = new Map((await queueSummaries(core(context), { actor: user })).map((q) => [q.queue, q]));
  const desk: DeskData = {
    home: `/${lang}/staff/`,
    who: user.nickname,
    about: { roles: user.staffRoles.map((r) => `backOffice.roles.${r}` as const) },
    logout: `/${lang}/logout/`,
    nav: groupNav(open).map(({ section, entries }) => ({
      label: section ? `backOffice.nav.sections.${section}` : null,
      entries: entries.map(({ path, key }) => {
        const name = queueOfNav(key);
        const queue = name ? queues.get(name) : undefined;
        return {
          to: `/${lang}/staff/${path}`,
          label: navLabel(key),
          end: path === "" || path === "buyback/",
          ...(queue ? { waiting: queue.count, overdue: queue.overdue } : {}),
        };
      }),
    })),
  };
  return { desk };
}

/** The back office's pages; the frame around them is the desk shell's. */
export default function StaffLayout() {
  return <Outlet />;
}
