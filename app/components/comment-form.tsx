import { Form } from "react-router";
import { COMMENT_MAX } from "#core/catalog/limits.ts";
import { useTranslations } from "../i18n/use-translations.ts";

/** The question box under a listing: on the item page and on its comments page. */
export function CommentForm(o: {
  defaultValue: string | undefined;
  error: string | undefined;
  /** Sent as `intent`, for pages whose form posts several actions. */
  intent?: string;
  className?: string;
}) {
  const t = useTranslations("catalog");
  return (
    <Form method="post" className={`flex flex-col gap-2 ${o.className ?? ""}`} noValidate>
      <label htmlFor="comment-body" className="text-sm font-semibold">
        {t("commentPlaceholder")}
      </label>
      <textarea
        id="comment-body"
        name="body"
        rows={3}
        maxLength={COMMENT_MAX}
        defaultValue={o.defaultValue}
        aria-invalid={o.error ? true : undefined}
        aria-describedby={o.error ? "comment-error" : undefined}
        className="rounded-lg border border-slate-300 p-3 text-base"
      />
      {o.error && (
        <p id="comment-error" className="text-sm text-danger-600">
          {o.error}
        </p>
      )}
      <button
        type="submit"
        {...(o.intent ? { name: "intent", value: o.intent } : {})}
        className="self-end rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white"
      >
        {t("commentSubmit")}
      </button>
    </Form>
  );
}
