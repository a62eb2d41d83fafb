import { useTranslations } from "../../i18n/use-translations.ts";

const HOUR_MS = 3600 * 1000;

/** How long a queue item has waited, in the largest units that read well ("2日3時間", "45分"). */
export function useAge(): (ms: number) => string {
  const t = useTranslations("backOffice.dashboard");
  return (ms: number) => {
    const hours = Math.floor(ms / HOUR_MS);
    if (hours >= 24) return t("days", { days: Math.floor(hours / 24), hours: hours % 24 });
    if (hours >= 1) return t("hours", { hours });
    return t("minutes", { minutes: Math.floor(ms / 60000) });
  };
}

/** A queue's target time in whole hours, for "past the 24-hour target". */
export function targetHours(ms: number): number {
  return Math.round(ms / HOUR_MS);
}
