import { Dialog, Heading } from "react-aria-components";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { ModalSheet } from "../modal-sheet.tsx";
import { OfferForm, type OfferListing } from "./offer-form.tsx";

/**
 * The sheet of 「価格を交渉する」, open: what the listing costs, the lowest offer allowed, and the
 * form. A module of its own, loaded when the sheet is about to open (`OfferButton`).
 */
export default function OfferDialog({
  listing,
  lowest,
  lang,
  state,
  onClose,
}: {
  listing: OfferListing;
  lowest: number;
  lang: "ja" | "en";
  state: FormState | undefined;
  onClose: () => void;
}) {
  const t = useTranslations("offers");
  return (
    <ModalSheet isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog className="outline-none" data-testid="offer-sheet">
        <Heading slot="title" className="text-lg font-bold">
          {t("sheetTitle")}
        </Heading>
        <p className="mt-2 text-sm text-slate-600">{t("sheetLead")}</p>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt className="text-slate-600">{t("currentPrice")}</dt>
          <dd className="text-right font-semibold">{formatYen(listing.price, lang)}</dd>
        </dl>
        <p
          className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800"
          data-testid="offer-lowest"
        >
          {t("lowest", { min: formatYen(lowest, lang) })}
        </p>
        <OfferForm listing={listing} lowest={lowest} lang={lang} state={state} onCancel={onClose} />
      </Dialog>
    </ModalSheet>
  );
}
