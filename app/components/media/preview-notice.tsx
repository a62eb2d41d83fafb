import type { ReactNode } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";

/** Says that the page shows a draft through a preview token, not a public page. */
export function PreviewNotice({ children }: { children?: ReactNode }) {
  const t = useTranslations("media");
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200"
    >
      {t("previewNotice")}
      {children}
    </p>
  );
}
