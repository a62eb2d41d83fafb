import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useRouteErrorFlag } from "../../lib/ui-state.ts";

/** The bar's timings (ms) and height (px). */
const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

type Phase = "idle" | "running" | "finishing";

/**
 * Page-loading bar: appears only when a navigation takes longer than the throttle, creeps toward
 * 90% over the duration, completes on arrival, turns the error colour when the page failed, then
 * fades out after the hide delay and resets.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const failed = useRouteErrorFlag();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = () => {
      for (const t of timers.current) window.clearTimeout(t);
      timers.current = [];
    };
    if (busy) {
      clear();
      timers.current.push(
        window.setTimeout(() => {
          setPhase("running");
          setProgress(10);
          timers.current.push(window.setTimeout(() => setProgress(90), 20));
        }, LOADING_BAR.throttleMs),
      );
      return;
    }
    clear();
    setPhase((p) => {
      if (p === "idle") return p;
      setProgress(100);
      timers.current.push(
        window.setTimeout(() => {
          setPhase("idle");
          timers.current.push(window.setTimeout(() => setProgress(0), LOADING_BAR.resetDelayMs));
        }, LOADING_BAR.hideDelayMs),
      );
      return "finishing";
    });
  }, [busy]);

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[1100]"
      style={{ height: LOADING_BAR.heightPx, opacity: phase === "idle" ? 0 : 1, transition: "opacity 300ms" }}
    >
      <div
        className={failed ? "h-full bg-danger-600" : "h-full bg-brand-600"}
        style={{
          width: `${progress}%`,
          transition: `width ${progress === 90 ? LOADING_BAR.durationMs : 200}ms ease-out`,
        }}
      />
    </div>
  );
}
