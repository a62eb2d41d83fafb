import { Form, Link } from "react-router";
import { TEMPLATE_NAME_MAX, TEMPLATES_MAX } from "#core/catalog/limits.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { TextField } from "../form.tsx";

export type TemplateOption = { id: number; name: string };

/**
 * The seller's templates at the top of the sell form (「テンプレートから入力」): each fills the form
 * (a link, so it works without JavaScript) or is deleted. Nothing is shown until one is saved.
 */
export function TemplatePicker({
  templates,
  applied,
}: {
  templates: TemplateOption[];
  applied: TemplateOption | null;
}) {
  const t = useTranslations("catalog");
  if (templates.length === 0) return null;
  return (
    <section
      aria-labelledby="templates-title"
      className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="listing-templates"
    >
      <h2 id="templates-title" className="text-base font-bold">
        {t("templatesTitle")}
      </h2>
      <p className="mt-1 text-xs text-slate-500">{t("templatesHint")}</p>
      {applied && (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {t("templateApplied", { name: applied.name })}
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {templates.map((template) => (
          <li key={template.id} className="flex items-center gap-2 py-2">
            <span className="min-w-0 flex-1 truncate text-sm font-semibold">{template.name}</span>
            <Link
              to={`?template=${template.id}`}
              aria-label={t("templateApplyLabel", { name: template.name })}
              className="inline-flex h-10 items-center rounded-full bg-brand-50 px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              {t("templateApply")}
            </Link>
            <Form method="post" action="?">
              <input type="hidden" name="templateId" value={template.id} />
              <button
                type="submit"
                name="intent"
                value="deleteTemplate"
                aria-label={t("templateDeleteLabel", { name: template.name })}
                className="inline-flex h-10 items-center rounded-full px-3 text-sm text-danger-600 hover:bg-red-50"
              >
                {t("templateDelete")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Inside the sell form: saves what is typed (no photos, no IMEI) as a template under a name. Its
 * button skips the browser's required-field checks: a template needs only its name.
 */
export function TemplateSave({
  name,
  error,
  saved,
}: {
  name: string | undefined;
  error: string | undefined;
  saved: string | undefined;
}) {
  const t = useTranslations("catalog");
  return (
    <details
      open={Boolean(error || saved)}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="template-save"
    >
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
        {t("templateSaveTitle")}
      </summary>
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-xs text-slate-500">{t("templateSaveHint", { max: TEMPLATES_MAX })}</p>
        <TextField
          name="templateName"
          label={t("templateName")}
          defaultValue={name}
          maxLength={TEMPLATE_NAME_MAX}
          autoComplete="off"
          required={false}
          error={error}
        />
        <button
          type="submit"
          name="intent"
          value="template"
          formNoValidate
          className="flex h-11 w-full items-center justify-center rounded-full border border-brand-600 bg-white px-6 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("templateSave")}
        </button>
        {saved && (
          <p role="status" className="text-sm text-emerald-700" data-testid="template-saved">
            {t("templateSaved", { name: saved })}
          </p>
        )}
      </div>
    </details>
  );
}
