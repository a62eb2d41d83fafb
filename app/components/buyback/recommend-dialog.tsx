import { useId, useState } from "react";
import { Dialog, Heading } from "react-aria-components";
import { RECOMMEND_KINDS, type RecommendKind } from "#core/buyback/recommended-prices.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { ModalSheet } from "../modal-sheet.tsx";

type Recommend = { windowDays: number; minSample: number };

/**
 * The choice of bullish or bearish, what each one is computed from, and the warning that the
 * table's input will be replaced (spec §4/§5). Inside the form (no JavaScript) the radios post
 * as `kind`; in the dialog they only tell it which was chosen.
 */
export function RecommendChoices({
  recommend,
  name,
  onChange,
}: {
  recommend: Recommend;
  name: string;
  onChange?: (kind: RecommendKind) => void;
}) {
  const t = useTranslations("buybackBids.recommend");
  const id = useId();
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">{t("lead")}</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-800">{t("kindLegend")}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {RECOMMEND_KINDS.map((kind) => (
            <label
              key={kind}
              htmlFor={`${id}-${kind}`}
              className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                id={`${id}-${kind}`}
                type="radio"
                name={name}
                value={kind}
                defaultChecked={kind === "bullish"}
                onChange={() => onChange?.(kind)}
                className="mt-1 size-5 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-semibold">{t(kind)}</span>
                <span className="block text-xs text-slate-600">
                  {t(`${kind}Hint`, { days: recommend.windowDays })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div
        className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
        data-testid="recommend-warning"
      >
        <p className="font-semibold">
          <span aria-hidden="true">⚠ </span>
          {t("warning", { min: recommend.minSample })}
        </p>
        <p className="mt-1">{t("notSaved")}</p>
      </div>
    </>
  );
}

/** The recommended-price dialog (React Aria: focus kept inside, Escape and Cancel close it). */
export function RecommendDialog({
  isOpen,
  onClose,
  onConfirm,
  recommend,
}: {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: (kind: RecommendKind) => void;
  recommend: Recommend;
}) {
  return (
    <ModalSheet
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="max-w-lg"
    >
      <Dialog className="outline-none" data-testid="recommend-dialog">
        {({ close }) => <DialogBody close={close} onConfirm={onConfirm} recommend={recommend} />}
      </Dialog>
    </ModalSheet>
  );
}

/** The dialog's content: a fresh choice (bullish) each time it opens. */
function DialogBody({
  close,
  onConfirm,
  recommend,
}: {
  close: () => void;
  onConfirm: (kind: RecommendKind) => void;
  recommend: Recommend;
}) {
  const t = useTranslations("buybackBids.recommend");
  const [kind, setKind] = useState<RecommendKind>("bullish");
  return (
    <>
      <Heading slot="title" className="text-lg font-bold">
        {t("title")}
      </Heading>
      <RecommendChoices recommend={recommend} name="recommend-kind" onChange={setKind} />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={close}
          className="min-h-11 rounded-full border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50"
        >
          {t("cancel")}
        </button>
        <button
          type="button"
          onClick={() => onConfirm(kind)}
          className="min-h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          data-testid="confirm-recommend"
        >
          {t("confirm")}
        </button>
      </div>
    </>
  );
}
