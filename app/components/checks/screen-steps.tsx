import { useEffect, useRef, useState } from "react";
import { DISPLAY_DEFECTS } from "#core/checks/tests.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { Status, StepButton, type StepProps, Unsupported } from "./step-parts.tsx";

const COLUMNS = 4;
const ROWS = 7;

/**
 * Touch: a grid the member traces with a finger; each cell that feels the finger turns green. Every
 * cell reached passes; a cell that never turns is a dead spot the member reports.
 */
export function TouchStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const total = COLUMNS * ROWS;
  const finished = touched.size === total;
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => onDone("pass"), 600);
    return () => clearTimeout(timer);
  }, [finished, onDone]);
  const touch = (x: number, y: number) => {
    const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-cell]");
    const index = cell ? Number(cell.dataset.cell) : -1;
    if (index >= 0) setTouched((seen) => (seen.has(index) ? seen : new Set(seen).add(index)));
  };
  return (
    <div className="flex flex-col gap-3">
      <div
        className="grid h-[55vh] touch-none select-none gap-0.5 rounded-lg border border-slate-300 bg-slate-200 p-0.5"
        style={{ gridTemplateColumns: `repeat(${COLUMNS}, 1fr)` }}
        data-testid="touch-grid"
        aria-hidden="true"
        onPointerDown={(e) => touch(e.clientX, e.clientY)}
        onPointerMove={(e) => {
          if (e.buttons > 0 || e.pointerType === "touch") touch(e.clientX, e.clientY);
        }}
      >
        {Array.from({ length: total }, (_, i) => (
          <div
            key={i}
            data-cell={i}
            className={`rounded-sm ${touched.has(i) ? "bg-emerald-500" : "bg-white"}`}
          />
        ))}
      </div>
      <Status tone={finished ? "good" : "neutral"}>
        {finished ? t("touchDone") : t("touchCells", { done: touched.size, total })}
      </Status>
      <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
        {t("touchFail")}
      </StepButton>
    </div>
  );
}

/** Two fingers at once: passes as soon as the box feels two pointers down together. */
export function MultiTouchStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const down = useRef(new Set<number>());
  const [most, setMost] = useState(0);
  const [supported] = useState(() => typeof navigator === "undefined" || navigator.maxTouchPoints >= 2);
  useEffect(() => {
    if (most < 2) return;
    const timer = setTimeout(() => onDone("pass"), 600);
    return () => clearTimeout(timer);
  }, [most, onDone]);
  if (!supported) return <Unsupported onDone={onDone} />;
  const release = (id: number) => down.current.delete(id);
  return (
    <div className="flex flex-col gap-3">
      <div
        className={`flex h-56 touch-none select-none items-center justify-center rounded-lg border-2 border-dashed p-4 text-center text-slate-700 ${
          most >= 2 ? "border-emerald-500 bg-emerald-50" : "border-slate-400 bg-white"
        }`}
        data-testid="multi-touch-area"
        onPointerDown={(e) => {
          down.current.add(e.pointerId);
          setMost((m) => Math.max(m, down.current.size));
        }}
        onPointerUp={(e) => release(e.pointerId)}
        onPointerCancel={(e) => release(e.pointerId)}
        onPointerLeave={(e) => release(e.pointerId)}
      >
        {t("multiTouchArea")}
      </div>
      <Status tone={most >= 2 ? "good" : "neutral"}>
        {most > 0 ? t("multiTouchSeen", { count: most }) : ""}
      </Status>
      <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
        {t("multiTouchFail")}
      </StepButton>
    </div>
  );
}

const COLORS = [
  ["red", "#ff0000"],
  ["green", "#00ff00"],
  ["blue", "#0000ff"],
  ["white", "#ffffff"],
  ["black", "#000000"],
] as const;

/**
 * The display: each solid colour fills the whole screen (full screen where the browser allows)
 * until a tap; then the member marks what they saw, or that they saw nothing wrong.
 */
export function DisplayStep({ onDone }: StepProps) {
  const t = useTranslations("checks");
  const [shown, setShown] = useState<number | null>(null);
  const [seen, setSeen] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<(typeof DISPLAY_DEFECTS)[number]>>(new Set());
  const overlay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (shown !== null) overlay.current?.focus();
  }, [shown]);
  const start = () => {
    setShown(0);
    document.documentElement.requestFullscreen?.().catch(() => {});
  };
  const advance = () => {
    if (shown === null) return;
    if (shown + 1 < COLORS.length) return setShown(shown + 1);
    setShown(null);
    setSeen(true);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  };
  if (shown !== null) {
    const [name, color] = COLORS[shown]!;
    return (
      <button
        ref={overlay}
        type="button"
        className="fixed inset-0 z-[100] h-full w-full cursor-pointer"
        style={{ backgroundColor: color }}
        onClick={advance}
        data-testid="display-color"
        aria-label={t("page.displayColor", {
          color: t(`colors.${name}`),
          current: shown + 1,
          total: COLORS.length,
        })}
      />
    );
  }
  if (!seen) {
    return (
      <StepButton variant="primary" onClick={start} testId="display-start">
        {t("page.displayStart")}
      </StepButton>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">{t("page.displayQuestion")}</legend>
        <div className="flex flex-col gap-2">
          {DISPLAY_DEFECTS.map((defect) => (
            <label
              key={defect}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={marked.has(defect)}
                onChange={(e) => {
                  const next = new Set(marked);
                  if (e.target.checked) next.add(defect);
                  else next.delete(defect);
                  setMarked(next);
                }}
              />
              {t(`displayDefects.${defect}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {marked.size === 0 ? (
        <StepButton
          variant="primary"
          onClick={() => onDone("pass", { displayDefects: [] })}
          testId="check-yes"
        >
          {t("page.displayNone")}
        </StepButton>
      ) : (
        <StepButton
          variant="danger"
          onClick={() => onDone("fail", { displayDefects: DISPLAY_DEFECTS.filter((d) => marked.has(d)) })}
          testId="check-no"
        >
          {t("page.displayFound")}
        </StepButton>
      )}
      <StepButton onClick={start}>{t("page.displayAgain")}</StepButton>
    </div>
  );
}
