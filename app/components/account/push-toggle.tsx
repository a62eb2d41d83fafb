import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import { showToast } from "../../lib/ui-state.ts";

type State = "loading" | "unsupported" | "denied" | "on" | "off";

/** The push module, fetched only when this control is on the page. */
const pushClient = () => import("../../lib/push-client.ts");

/**
 * 「このブラウザでプッシュ通知を受け取る」: turning it on asks the browser's permission, subscribes with
 * the server's key and tells the server; turning it off does the reverse. Says plainly when the
 * browser cannot take push or the member refused notifications.
 */
export function PushToggle({ lang, publicKey }: { lang: string; publicKey: string }) {
  const t = useTranslations("notifySettings");
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<State>("loading");
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushClient()
      .then((m) => m.pushState())
      .then((s) => live && setState(s))
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setWorking(true);
    setFailed(false);
    try {
      const m = await pushClient();
      const result = state === "on" ? await m.turnPushOff({ lang }) : await m.turnPushOn({ publicKey, lang });
      if (result === "failed") {
        setFailed(true);
        return;
      }
      if (result === "on" || result === "off") {
        showToast(t(result === "on" ? "turnedOn" : "turnedOff"));
        // Turning push on may have chosen groups for it (those taken by mail): the table shows them.
        await revalidate();
      }
      setState(result);
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };

  const on = state === "on";
  return (
    <section
      aria-labelledby="push-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="push-section"
      data-state={state}
    >
      <h2 id="push-title" className="text-base font-bold">
        {t("browserTitle")}
      </h2>
      {state === "unsupported" || state === "denied" ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900" role="status">
          {t(state)}
        </p>
      ) : (
        <>
          <div className="flex items-center justify-between gap-4">
            <span id="push-toggle-label" className="text-sm font-medium text-slate-800">
              {t("browserToggle")}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby="push-toggle-label"
              aria-busy={working || state === "loading" || undefined}
              disabled={working || state === "loading"}
              onClick={toggle}
              data-testid="push-toggle"
              className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition disabled:opacity-60 ${on ? "bg-brand-600" : "bg-slate-400"}`}
            >
              <span
                aria-hidden="true"
                className={`inline-block h-6 w-6 rounded-full bg-white shadow transition ${on ? "translate-x-7" : "translate-x-1"}`}
              />
            </button>
          </div>
          <p className="text-sm text-slate-600" aria-live="polite">
            {working ? t("working") : on ? t("browserOn") : t("browserOff")}
          </p>
        </>
      )}
      {failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-danger-600">
          {t("failed")}
        </p>
      ) : null}
      {state === "unsupported" || state === "denied" ? null : (
        <p className="text-xs leading-relaxed text-slate-500">{t("browserHint")}</p>
      )}
    </section>
  );
}
