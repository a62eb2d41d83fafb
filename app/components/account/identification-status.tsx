import { IDENTITY_REJECTION_REASONS } from "#core/account/identity-provider.ts";
import { IDENTITY_OFFICE_REJECTION_REASONS } from "#core/account/identity-review-rule.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

type Status = "pending" | "verified" | "rejected" | "expired";
const REASONS = [...IDENTITY_REJECTION_REASONS, ...IDENTITY_OFFICE_REJECTION_REASONS, "expired"] as const;
const METHODS = ["ekyc-photo-id-selfie"] as const;

/** A provider's reason code in words; codes we do not know read as a plain "could not verify". */
export function useReasonText() {
  const t = useTranslations("identification");
  return (reason: string | null) =>
    t(
      `reasons.${(REASONS as readonly string[]).includes(reason ?? "") ? (reason as (typeof REASONS)[number]) : "other"}`,
    );
}

/** The member's identity-verification status: verified with date and method, or the latest check. */
export function IdentificationStatus({
  lang,
  verifiedAt,
  method,
  latest,
}: {
  lang: Locale;
  verifiedAt: string | null;
  method: string | null;
  latest: { status: Status; reason: string | null } | null;
}) {
  const t = useTranslations("identification");
  const reasonText = useReasonText();
  const status = verifiedAt ? "verified" : (latest?.status ?? "none");
  const tone =
    status === "verified"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : status === "pending"
        ? "bg-amber-50 text-amber-900 ring-amber-200"
        : "bg-slate-50 text-slate-700 ring-slate-200";
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="font-semibold text-slate-800">{t("status")}</dt>
      <dd>
        <span
          className={`inline-block rounded-full px-3 py-0.5 text-sm font-bold ring-1 ${tone}`}
          data-testid="identification-status"
        >
          {t(`statusLabel.${status}`)}
        </span>
      </dd>
      {verifiedAt && (
        <>
          <dt className="font-semibold text-slate-800">{t("verifiedAt")}</dt>
          <dd data-testid="identification-verified-at">{formatDate(verifiedAt, lang, true)}</dd>
        </>
      )}
      {verifiedAt && method && (
        <>
          <dt className="font-semibold text-slate-800">{t("method")}</dt>
          <dd>
            {(METHODS as readonly string[]).includes(method)
              ? t(`methods.${method as (typeof METHODS)[number]}`)
              : method}
          </dd>
        </>
      )}
      {!verifiedAt && (status === "rejected" || status === "expired") && (
        <>
          <dt className="font-semibold text-slate-800">{t("reason")}</dt>
          <dd>{reasonText(latest?.reason ?? null)}</dd>
        </>
      )}
    </dl>
  );
}
