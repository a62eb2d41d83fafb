import { Form } from "react-router";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** An unused invitation as the back office lists it. */
export type InvitationRow = {
  id: number;
  companyId: number;
  companyName?: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

/** Unused invitations with "send again" and "withdraw"; run-out ones are marked. */
export function InvitationList({
  rows,
  lang,
  showCompany,
}: {
  rows: InvitationRow[];
  lang: "ja" | "en";
  showCompany: boolean;
}) {
  const t = useTranslations("buybackOffice.companies.invitations");
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">{t("empty")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-200" data-testid="invitations">
      {rows.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
          <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
            <p className="font-semibold break-all">{r.email}</p>
            {showCompany && r.companyName && (
              <p className="text-slate-700">
                <span className="sr-only">{t("company")}: </span>
                {r.companyName}
              </p>
            )}
            <p className="text-xs text-slate-600">
              {t("sentAt", { date: formatDate(r.createdAt, lang, true) })}
              {" · "}
              {r.expired ? (
                <span className="font-bold text-danger-600">{t("expired")}</span>
              ) : (
                t("expiresAt", { date: formatDate(r.expiresAt, lang, true) })
              )}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="companyId" value={r.companyId} />
            <input type="hidden" name="invitationId" value={r.id} />
            <button
              type="submit"
              name="intent"
              value="resend"
              className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("resend")}
            </button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(t("cancelConfirm"))) event.preventDefault();
            }}
          >
            <input type="hidden" name="companyId" value={r.companyId} />
            <input type="hidden" name="invitationId" value={r.id} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="rounded-full px-3 py-1.5 font-semibold text-danger-600 underline hover:bg-red-50"
            >
              {t("cancel")}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** What a page of the companies says after a change (`?done=`). */
export const DONE = ["saved", "created", "sent", "resent", "canceled"] as const;
export type Done = (typeof DONE)[number];

export function DoneNotice({ done }: { done: Done | null }) {
  const t = useTranslations("buybackOffice.companies");
  if (!done) return null;
  const text = {
    saved: t("saved"),
    created: t("created"),
    sent: t("invite.sent"),
    resent: t("invitations.resent"),
    canceled: t("invitations.canceled"),
  }[done];
  return (
    <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800">
      {text}
    </p>
  );
}
