import type { TimelineEntry } from "#core/trading/office-transactions.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { Labels } from "./transaction-cards.tsx";

/** One value of a before/after pair, short and readable. */
function show(value: unknown, none: string): string {
  if (value === null || value === undefined || value === "") return none;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Everything that happened, oldest first: state changes, payments, messages and the office's records. */
export function Timeline({
  entries,
  lang,
  labels,
}: {
  entries: TimelineEntry[];
  lang: "ja" | "en";
  labels: Labels;
}) {
  const t = useTranslations("office");
  const who = (actor: { role: string; nickname: string | null }) => {
    const role = t.has(`actorRoles.${actor.role as "buyer"}`)
      ? t(`actorRoles.${actor.role as "buyer"}`)
      : actor.role;
    return actor.nickname
      ? t("timeline.byNamed", { role, name: actor.nickname })
      : t("timeline.by", { role });
  };
  const label = (prefix: "actions" | "paymentActions" | "auditActions", key: string) =>
    t.has(`${prefix}.${key}` as "actions.hold") ? t(`${prefix}.${key}` as "actions.hold") : key;
  return (
    <section
      aria-labelledby="timeline-title"
      className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="timeline-title" className="mb-3 text-lg font-bold">
        {t("detail.timeline")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.timelineEmpty")}</p>
      ) : (
        <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-4" data-testid="timeline">
          {entries.map((e) => (
            <li key={`${e.kind}-${e.id}`} className="text-sm" data-kind={e.kind}>
              <span
                aria-hidden="true"
                className={`absolute -left-[5px] mt-1.5 size-2.5 rounded-full ${
                  e.kind === "audit"
                    ? "bg-amber-500"
                    : e.kind === "message"
                      ? "bg-sky-500"
                      : e.kind === "payment"
                        ? "bg-emerald-500"
                        : "bg-brand-600"
                }`}
              />
              <p className="text-xs text-slate-500">
                <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at, lang, true)}</time>
              </p>
              {e.kind === "state" && (
                <>
                  <p className="font-semibold">
                    {e.from
                      ? t("timeline.state", { from: labels.state(e.from), to: labels.state(e.to) })
                      : t("timeline.created", { to: labels.state(e.to) })}
                    <span className="ml-2 font-normal text-slate-600">{label("actions", e.action)}</span>
                  </p>
                  <p className="text-slate-600">{who(e.actor)}</p>
                </>
              )}
              {e.kind === "payment" && (
                <>
                  <p className="font-semibold">
                    {e.from
                      ? t("timeline.payment", {
                          id: e.paymentId,
                          from: labels.payment(e.from),
                          to: labels.payment(e.to),
                        })
                      : t("timeline.paymentCreated", { id: e.paymentId, to: labels.payment(e.to) })}
                    <span className="ml-2 font-normal text-slate-600">
                      {label("paymentActions", e.action)}
                    </span>
                  </p>
                  <p className="text-slate-600">{who(e.actor)}</p>
                </>
              )}
              {e.kind === "message" && (
                <>
                  <p className="font-semibold">
                    {t("timeline.message", { side: t(`actorRoles.${e.side}`), name: e.sender.nickname })}
                  </p>
                  <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap">
                    {e.body}
                  </p>
                </>
              )}
              {e.kind === "audit" && (
                <>
                  <p className="font-semibold text-amber-900">
                    {t("auditTitle", {
                      action: label("auditActions", e.action),
                      name: e.actor.nickname ?? String(e.actor.id ?? "—"),
                    })}
                  </p>
                  {Object.keys(e.changes).length > 0 && (
                    <ul className="mt-1 text-xs text-slate-600">
                      {Object.entries(e.changes).map(([field, [before, after]]) => (
                        <li key={field} className="break-all">
                          {t("timeline.change", {
                            field,
                            before: show(before, t("timeline.none")),
                            after: show(after, t("timeline.none")),
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
              {(e.kind === "state" || e.kind === "payment" || e.kind === "audit") && e.reason && (
                <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">
                  {t("timeline.reason", { reason: e.reason })}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
