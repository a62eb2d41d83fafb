import type { ReactNode } from "react";
import type { DeliveryStatus } from "#core/buyback/bought-devices.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

const STATUS_BADGES: Record<DeliveryStatus, string> = {
  undispatched: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-800",
};

/** A delivery's shipment status (spec §4: not shipped / shipped) as a labelled badge. */
export function DeliveryStatusBadge({ status, testId }: { status: DeliveryStatus; testId?: string }) {
  const t = useTranslations("codes.deliveryShipmentStatus");
  return (
    <span
      className={`inline-block w-fit rounded px-2 py-0.5 text-xs font-bold whitespace-nowrap ${STATUS_BADGES[status]}`}
      data-testid={testId}
    >
      {t(status)}
    </span>
  );
}

/** The product type of the spec's lists: the model and its storage ("iPhone 13 128GB"). */
export function useProductType(): (device: { modelName: string; storageGb: number | null }) => string {
  const t = useTranslations("buybackDeliveries.common");
  return ({ modelName, storageGb }) => {
    if (!storageGb) return modelName;
    const storage =
      storageGb >= 1024 && storageGb % 1024 === 0
        ? t("storageTb", { tb: storageGb / 1024 })
        : t("storage", { gb: storageGb });
    return `${modelName} ${storage}`;
  };
}

/** A titled white card. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One label and its value in a card's description list. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 sm:grid-cols-[13rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Printing shows only the part of the page marked `data-print-area` (a delivery note, a packing
 * list): the site's header, menus and buttons stay off the paper.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; left: 0; top: 0; width: 100%; }
}`;

export function PrintArea({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div data-print-area="" className={className}>
      <style>{PRINT_CSS}</style>
      {children}
    </div>
  );
}

export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="h-11 w-fit rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      {label}
    </button>
  );
}
