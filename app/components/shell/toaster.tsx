import { useEffect } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";
import { dismissToast, type Toast, useToasts } from "../../lib/ui-state.ts";
import { useRouteHandle } from "./route-handle.ts";

const SHOW_MS = 4000;

function ToastItem({ toast }: { toast: Toast }) {
  const t = useTranslations("shell");
  useEffect(() => {
    const id = window.setTimeout(() => dismissToast(toast.id), SHOW_MS);
    return () => window.clearTimeout(id);
  }, [toast.id]);
  return (
    <div
      className={`flex items-center gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${
        toast.tone === "error" ? "bg-danger-600" : "bg-slate-800"
      }`}
    >
      <p className="flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="rounded px-2 py-1 text-white/80 hover:text-white"
        aria-label={t("close")}
      >
        ×
      </button>
    </div>
  );
}

/** The snackbar: polite live region above the bottom navigation, or above the page's own bar. */
export function Toaster() {
  const toasts = useToasts();
  const { actionBar } = useRouteHandle();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`pointer-events-none fixed inset-x-0 z-[1050] flex flex-col items-center gap-2 px-4 ${
        actionBar ? "bottom-[calc(5rem+env(safe-area-inset-bottom))] lg:bottom-6" : "bottom-20 md:bottom-6"
      }`}
    >
      {toasts.map((toast) => (
        <div key={toast.id} className="pointer-events-auto w-full max-w-md" data-testid="toast">
          <ToastItem toast={toast} />
        </div>
      ))}
    </div>
  );
}
