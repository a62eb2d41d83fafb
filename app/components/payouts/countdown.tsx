import { useEffect, useState } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The time left until `deadline`. The server renders nothing here (it cannot know when the page is
 * read), the browser counts down each second after hydration. `role="timer"` is not announced on
 * every tick; the deadline itself is written out beside it for everyone.
 */
export function Countdown({ deadline }: { deadline: string }) {
  const t = useTranslations("payoutPages");
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000));
  if (left === 0) {
    return (
      <p role="status" className="mt-1 text-sm font-semibold text-danger-600">
        {t("expiredNow")}
      </p>
    );
  }
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const time =
    hours > 0
      ? t("remainingHours", { hours, minutes: pad(minutes), seconds: pad(seconds) })
      : t("remainingMinutes", { minutes, seconds: pad(seconds) });
  return (
    <p role="timer" className="mt-1 font-semibold tabular-nums text-brand-700" data-testid="countdown">
      {t("remaining", { time })}
    </p>
  );
}
