import { Form } from "react-router";
import { COURIER_SHIPPING_TYPE } from "#core/shared/courier.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { SubmitButton } from "../form.tsx";

/**
 * The seller's drop-off code for FamilyMart or a parcel locker: a QR code to hold to the till's or
 * the locker's reader, the code written out beside it for typing in when a scanner will not read,
 * until when it works, and, once it has run out, a way to a new one.
 */
export function DropOffCode({
  code,
  qr,
  shippingType,
  expiresAt,
  expired,
  lang,
}: {
  code: string;
  /** The QR code's modules (`qrMatrix` on the server): a grid of `size` and one path of dark squares. */
  qr: { size: number; path: string };
  shippingType: string | null;
  expiresAt: Date | string | null;
  expired: boolean;
  lang: Locale;
}) {
  const t = useTranslations("buying.dropOff");
  const quiet = 4;
  const side = qr.size + quiet * 2;
  return (
    <section
      aria-labelledby="drop-off-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="drop-off"
    >
      <h2 id="drop-off-title" className="font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {shippingType === COURIER_SHIPPING_TYPE.LOCKER ? t("locker") : t("familymart")}
      </p>
      <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <svg
          role="img"
          aria-label={t("qrAlt")}
          viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
          shapeRendering="crispEdges"
          className={`size-48 shrink-0 bg-white ${expired ? "opacity-30" : ""}`}
          data-testid="drop-off-qr"
          data-code={code}
        >
          <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <dl className="w-full min-w-0 text-sm">
          <dt className="font-semibold text-slate-600">{t("code")}</dt>
          <dd className="mt-1 font-mono text-base font-bold break-all" data-testid="drop-off-code">
            {code}
          </dd>
          <dd className="mt-1 text-xs text-slate-500">{t("codeHint")}</dd>
          {expiresAt && (
            <dd
              className={`mt-3 ${expired ? "font-semibold text-danger-600" : "text-slate-700"}`}
              data-testid="drop-off-expiry"
            >
              {t("expires", { date: formatDate(expiresAt, lang, true) })}
            </dd>
          )}
        </dl>
      </div>
      {expired && (
        <Form method="post" className="mt-4 flex flex-col gap-2">
          <p role="status" className="text-sm font-semibold text-danger-600">
            {t("expired")}
          </p>
          <SubmitButton name="intent" value="renew-drop-off" variant="secondary">
            {t("renew")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
