import { Form } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/**
 * Hands a queue item to another operator who may work its queue (or takes it over). A plain form:
 * it works without JavaScript, and the core audits the change.
 */
export function AssignForm({
  lang,
  queue,
  itemId,
  operators,
  current,
  back,
}: {
  lang: Locale;
  queue: string;
  itemId: number;
  operators: { id: number; nickname: string }[];
  current: number | null;
  back: string;
}) {
  const t = useTranslations("backOffice.assign");
  if (operators.length === 0) return null;
  return (
    <Form method="post" action={`/${lang}/staff/assign/`} className="flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="queue" value={queue} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="back" value={back} />
      <label className="flex flex-col gap-1 font-semibold text-slate-700">
        {t("label")}
        <select
          name="to"
          defaultValue={current ?? operators[0]!.id}
          className="h-9 rounded-lg border border-slate-300 px-2 font-normal"
        >
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nickname}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="h-9 rounded-full px-4 font-semibold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50"
      >
        {t("submit")}
      </button>
    </Form>
  );
}
