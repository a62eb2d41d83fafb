import type { ReactNode } from "react";
import type { Locale } from "#core/shared/locale.ts";
import { FieldLabel, FieldMessages, fieldId } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

// What the member's support pages and the back office's support pages share: a text area, the
// state badge and the thread. Not a route (only the modules named in app/routes.ts are).

/** A labelled, uncontrolled text area whose hint and error are announced with it. */
export function TextAreaField({
  name,
  label,
  defaultValue,
  error,
  hint,
  rows = 6,
  optional,
  id: givenId,
}: {
  name: string;
  label: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  rows?: number;
  optional?: boolean;
  id?: string;
}) {
  const id = givenId ?? fieldId(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2 text-base leading-relaxed shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
          error ? "border-danger-600" : "border-slate-300"
        }`}
      />
      <FieldMessages id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

const STATE_STYLE: Record<string, string> = {
  OPEN: "bg-amber-100 text-amber-900",
  ANSWERED: "bg-emerald-100 text-emerald-800",
  CLOSED: "bg-slate-200 text-slate-700",
};

/** An inquiry's state: in the member's words on their pages, in the desk's words in the back office. */
export function InquiryStateBadge({ state, audience }: { state: string; audience: "member" | "staff" }) {
  const t = useTranslations("support");
  const key = state === "ANSWERED" || state === "CLOSED" ? state : "OPEN";
  return (
    <span
      className={`inline-block shrink-0 rounded px-2 py-0.5 text-xs font-bold whitespace-nowrap ${STATE_STYLE[key]}`}
      data-testid="inquiry-state"
      data-state={key}
    >
      {audience === "member" ? t(`memberStates.${key}`) : t(`states.${key}`)}
    </span>
  );
}

export type ThreadMessage = {
  id: number;
  fromStaff: boolean;
  staffName: string | null;
  body: string;
  photos: { thumb: string; large: string }[];
  createdAt: string;
};

/** The inquiry's messages, oldest first: the member's on one side, support's on the other. */
export function InquiryThread({
  inquiryId,
  messages,
  lang,
  audience,
}: {
  inquiryId: number;
  messages: ThreadMessage[];
  lang: Locale;
  audience: "member" | "staff";
}) {
  const t = useTranslations("support");
  const photoBase = `/${lang}/mypage/support/${inquiryId}/photos/`;
  let photoCount = 0;
  return (
    <ol className="flex flex-col gap-3" data-testid="inquiry-thread">
      {messages.map((m) => {
        const who = m.fromStaff
          ? audience === "staff"
            ? t("staff.fromStaff", { name: m.staffName ?? "" })
            : t("mypage.staff")
          : audience === "staff"
            ? t("staff.fromMember")
            : t("mypage.you");
        return (
          <li
            key={m.id}
            data-testid="inquiry-message"
            data-from={m.fromStaff ? "staff" : "member"}
            className={`rounded-2xl p-4 text-sm shadow-sm ring-1 ${
              m.fromStaff ? "mr-6 bg-brand-50 ring-brand-200" : "ml-6 bg-white ring-slate-200"
            }`}
          >
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{who}</span>
              <time dateTime={m.createdAt} className="text-xs text-slate-500">
                {formatDate(m.createdAt, lang, true)}
              </time>
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap">{m.body}</p>
            {m.photos.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {m.photos.map((p) => {
                  photoCount += 1;
                  return (
                    <li key={p.thumb}>
                      <a href={`${photoBase}${p.large}`} target="_blank" rel="noreferrer">
                        <img
                          src={`${photoBase}${p.thumb}`}
                          alt={t("mypage.photoAlt", { n: photoCount })}
                          loading="lazy"
                          className="size-24 rounded-lg object-cover ring-1 ring-slate-200"
                        />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
