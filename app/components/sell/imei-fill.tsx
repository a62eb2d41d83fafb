import { useEffect, useRef, useState } from "react";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { type ImeiDevice, useImeiDevice } from "../../lib/imei-device.ts";

/** What the form says of the IMEI's device, next to the member's choice. */
type Notice = "filled" | "matches" | "conflict";

/** The fields the IMEI fills, by name in the listing form. */
const FILLED = ["brandCode", "modelId", "categoryCode"] as const;
type Filled = Partial<Record<(typeof FILLED)[number], string>>;

/**
 * Fills brand, model (and an empty category) from the IMEI as the member types it, as the field's
 * hint promises: once the number is whole and valid, the maker and model come from the core's TAC
 * table (`/{lang}/sell/device/`). A brand or model the member chose by hand is never replaced: the
 * notice says what the IMEI names instead and offers to use it. Works on the form's fields by name,
 * so the form itself stays uncontrolled; a change is sent as the field's own change event.
 */
export function ImeiFill({ lang }: { lang: Locale }) {
  const t = useTranslations("catalog");
  const anchor = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice>("filled");
  /** What this fill last wrote into each field: a different value there is the member's own. */
  const filled = useRef<Filled>({});
  /** The model to choose once the models of the brand just chosen are in the list. */
  const [pendingModel, setPendingModel] = useState<string | null>(null);
  const filling = useRef(false);

  const form = () => anchor.current?.closest("form") ?? null;
  const field = (name: string) =>
    (form()?.elements.namedItem(name) as HTMLSelectElement | HTMLInputElement | null) ?? null;
  const read = (name: string) => field(name)?.value ?? "";

  function set(name: string, value: string) {
    const element = field(name);
    if (!element || element.value === value) return;
    element.value = value;
    filling.current = true;
    try {
      element.dispatchEvent(new Event("change", { bubbles: true }));
    } finally {
      filling.current = false;
    }
  }

  /** Whether the field holds a choice of the member's (not empty, and not what the fill wrote). */
  const chosenByHand = (name: (typeof FILLED)[number]) => {
    const value = read(name);
    return value !== "" && value !== filled.current[name];
  };

  function fill(device: ImeiDevice) {
    const brand = device.brand.code;
    const model = String(device.model.id);
    if (chosenByHand("categoryCode") === false && read("categoryCode") !== device.model.categoryCode) {
      set("categoryCode", device.model.categoryCode);
      filled.current.categoryCode = device.model.categoryCode;
    }
    set("brandCode", brand);
    filled.current.brandCode = brand;
    filled.current.modelId = model;
    // The brand's models are listed once the brand is; the model is chosen after that render.
    setPendingModel(model);
    setNotice("filled");
  }

  function apply(device: ImeiDevice, o: { fromTyping: boolean }) {
    const brand = read("brandCode");
    const model = read("modelId");
    if (model === String(device.model.id)) {
      setNotice("matches");
    } else if (
      chosenByHand("modelId") ||
      (chosenByHand("brandCode") && brand !== device.brand.code) ||
      (!o.fromTyping && model !== "")
    ) {
      setNotice("conflict");
    } else {
      fill(device);
    }
  }

  const { lookup, device: current } = useImeiDevice({
    endpoint: `/${lang}/sell/device/`,
    field: () => field("imei") as HTMLInputElement | null,
    onDevice: apply,
    // A device we do not know: what an earlier number filled in is taken back, never the member's choice.
    onUnknown: () => {
      for (const name of ["modelId", "brandCode"] as const) {
        if (read(name) !== "" && read(name) === filled.current[name]) set(name, "");
      }
      filled.current = {};
    },
    // A number the listing has: said what it names, filling only empty fields.
    atStart: () => read("brandCode") === "" || read("modelId") === "",
  });

  // Once the brand's models are in the list, choose the model.
  useEffect(() => {
    if (pendingModel === null) return;
    const select = field("modelId");
    if (select && Array.from((select as HTMLSelectElement).options).some((o) => o.value === pendingModel)) {
      set("modelId", pendingModel);
      setPendingModel(null);
    }
  });

  useEffect(() => {
    const root = form();
    if (!root) return;
    // The member changing brand or model by hand after a fill is told when it differs from the IMEI.
    const onChange = (event: Event) => {
      const name = (event.target as HTMLElement & { name?: string }).name;
      if (filling.current || (name !== "brandCode" && name !== "modelId")) return;
      const device = current.current;
      if (!device) return;
      setPendingModel(null);
      setNotice(read("modelId") === String(device.model.id) ? "matches" : "conflict");
    };
    root.addEventListener("change", onChange);
    return () => root.removeEventListener("change", onChange);
  }, []);

  const known = lookup.kind === "known" ? lookup.device : null;
  const names = (d: ImeiDevice) => ({ brand: d.brand.name, model: d.model.name });
  return (
    <div ref={anchor} aria-live="polite" data-testid="imei-fill" className="-mt-3 empty:hidden">
      {lookup.kind === "checking" && <p className="text-sm text-slate-600">{t("imeiChecking")}</p>}
      {known && notice === "filled" && (
        <p className="text-sm text-emerald-800">{t("imeiFilled", names(known))}</p>
      )}
      {known && notice === "matches" && (
        <p className="text-sm text-emerald-800">{t("imeiMatches", names(known))}</p>
      )}
      {lookup.kind === "unknown" && <p className="text-sm text-amber-800">{t("imeiUnknown")}</p>}
      {known && notice === "conflict" && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p>{t("imeiConflict", names(known))}</p>
          <button
            type="button"
            className="mt-2 inline-flex h-9 items-center rounded-full border border-amber-700 px-4 text-sm font-semibold text-amber-900 hover:bg-amber-100"
            onClick={() => {
              filled.current = {
                ...filled.current,
                brandCode: read("brandCode"),
                modelId: read("modelId"),
              };
              fill(known);
            }}
          >
            {t("imeiApply")}
          </button>
        </div>
      )}
    </div>
  );
}
