import { data, Link } from "react-router";
import { readLocalMail } from "#core/notify/read-local-mail.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/mailbox-message";
import { mailDir } from "./mailbox.server.ts";

export const meta = titleMeta("mailbox.title", { noindex: true });
export const handle = { back: "/dev/mailbox/" };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const mail = await readLocalMail(mailDir(context, request), params.id);
  if (!mail) throw data("Page not found", { status: 404 });
  return { mail };
}

/** Mail text with its addresses turned into links, as a mail client would show it. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function MailboxMessage({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mailbox");
  const { mail } = loaderData;
  const lang = params.lang === "en" ? "en" : "ja";
  return (
    <article className="mx-auto max-w-2xl" aria-labelledby="mail-subject">
      <Link to={`/${lang}/dev/mailbox/`} className="text-sm text-brand-700 underline">
        {t("back")}
      </Link>
      <h1 id="mail-subject" className="mt-4 text-xl font-bold">
        {mail.subject}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600">
        <dt>{t("to")}</dt>
        <dd data-testid="mail-to">{mail.to}</dd>
        <dt>{t("from")}</dt>
        <dd>{mail.from}</dd>
        <dt>{t("date")}</dt>
        <dd>{formatDate(mail.date, lang, true)}</dd>
      </dl>
      <pre
        className="mt-6 rounded-xl bg-white p-5 font-sans text-sm leading-relaxed whitespace-pre-wrap shadow-sm ring-1 ring-slate-200"
        data-testid="mail-body"
      >
        <Linkified text={mail.text} />
      </pre>
    </article>
  );
}
