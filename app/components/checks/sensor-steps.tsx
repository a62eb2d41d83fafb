import { useEffect, useRef, useState } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";
import { Status, StepButton, type StepProps, Unsupported, YesNo } from "./step-parts.tsx";

/** iOS Safari asks the member before a page may read the motion and orientation sensors. */
type PermissionAsking = { requestPermission?: () => Promise<"granted" | "denied"> };

/** How long a sensor may stay silent before the page says so. */
const SILENCE_MS = 4000;

/**
 * A sensor test: listen to one window event, pass once the readings move far enough, say so when
 * nothing comes. A desktop browser that has the event but no sensor (no touch points either)
 * records "not testable" rather than a failure.
 */
function SensorStep({
  onDone,
  eventName,
  eventClass,
  readingOf,
  threshold,
}: StepProps & {
  eventName: "devicemotion" | "deviceorientation";
  eventClass: "DeviceMotionEvent" | "DeviceOrientationEvent";
  /** An event's values; null for the empty event a browser without the sensor sends. */
  readingOf: (event: Event) => number[] | null;
  /** How far the readings must move from the first one, in the sensor's units. */
  threshold: number;
}) {
  const t = useTranslations("checks.page");
  const asking =
    typeof window === "undefined" ? undefined : (window[eventClass] as PermissionAsking | undefined);
  const exists = typeof window !== "undefined" && eventClass in window;
  const [state, setState] = useState<"ask" | "listening" | "silent" | "moved" | "denied">(() =>
    typeof asking?.requestPermission === "function" ? "ask" : "listening",
  );
  const first = useRef<number[] | null>(null);
  useEffect(() => {
    if (!exists || (state !== "listening" && state !== "silent")) return;
    const listener = (event: Event) => {
      const reading = readingOf(event);
      if (!reading) return;
      first.current ??= reading;
      const start = first.current;
      if (Math.hypot(...reading.map((value, i) => value - (start[i] ?? 0))) > threshold) setState("moved");
    };
    window.addEventListener(eventName, listener);
    const timer = setTimeout(() => {
      if (!first.current) setState("silent");
    }, SILENCE_MS);
    return () => {
      window.removeEventListener(eventName, listener);
      clearTimeout(timer);
    };
  }, [exists, state, eventName, readingOf, threshold]);
  useEffect(() => {
    if (state !== "moved") return;
    const timer = setTimeout(() => onDone("pass"), 600);
    return () => clearTimeout(timer);
  }, [state, onDone]);
  if (!exists) return <Unsupported onDone={onDone} />;
  if (state === "silent" && navigator.maxTouchPoints === 0) return <Unsupported onDone={onDone} />;
  if (state === "ask" || state === "denied") {
    return (
      <div className="flex flex-col gap-3">
        {state === "denied" && <Status tone="bad">{t("permissionDenied")}</Status>}
        <StepButton
          variant="primary"
          testId="sensor-permission"
          onClick={() => {
            asking
              ?.requestPermission?.()
              .then((answer) => setState(answer === "granted" ? "listening" : "denied"))
              .catch(() => setState("denied"));
          }}
        >
          {state === "ask" ? t("sensorPermission") : t("retry")}
        </StepButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <Status tone={state === "moved" ? "good" : state === "silent" ? "bad" : "neutral"}>
        {state === "moved" ? t("sensorMoved") : state === "silent" ? t("sensorSilent") : t("sensorWaiting")}
      </Status>
      <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
        {t("sensorFails")}
      </StepButton>
    </div>
  );
}

/** Gravity and the hand's push, m/s²: a gentle shake moves it by more than 2. */
function motionOf(event: Event): number[] | null {
  const a = (event as DeviceMotionEvent).accelerationIncludingGravity;
  return a?.x == null || a.y == null || a.z == null ? null : [a.x, a.y, a.z];
}

/** Front-to-back and side-to-side tilt, in degrees. */
function tiltOf(event: Event): number[] | null {
  const { beta, gamma } = event as DeviceOrientationEvent;
  return beta == null || gamma == null ? null : [beta, gamma];
}

export function MotionStep({ onDone }: StepProps) {
  return (
    <SensorStep
      onDone={onDone}
      eventName="devicemotion"
      eventClass="DeviceMotionEvent"
      readingOf={motionOf}
      threshold={2}
    />
  );
}

export function OrientationStep({ onDone }: StepProps) {
  return (
    <SensorStep
      onDone={onDone}
      eventName="deviceorientation"
      eventClass="DeviceOrientationEvent"
      readingOf={tiltOf}
      threshold={20}
    />
  );
}

/** Vibration where the browser can (not iOS Safari): the member says whether they felt it. */
export function VibrationStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [tried, setTried] = useState(false);
  if (typeof navigator === "undefined" || typeof navigator.vibrate !== "function") {
    return <Unsupported onDone={onDone} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <StepButton
        variant={tried ? "secondary" : "primary"}
        onClick={() => {
          setTried(true);
          navigator.vibrate([400, 200, 400]);
        }}
        testId="vibrate"
      >
        {t("vibrate")}
      </StepButton>
      {tried && <YesNo question={t("vibrateQuestion")} onDone={onDone} />}
    </div>
  );
}

type BatteryManager = EventTarget & { level: number; charging: boolean };

/** The battery's level and charging state where the browser tells them (Chrome on Android). */
export function BatteryStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [battery, setBattery] = useState<{ level: number; charging: boolean } | null | undefined>(undefined);
  useEffect(() => {
    const get = (navigator as Navigator & { getBattery?: () => Promise<BatteryManager> }).getBattery;
    if (typeof get !== "function") {
      setBattery(null);
      return;
    }
    let manager: BatteryManager | null = null;
    const read = () => manager && setBattery({ level: manager.level, charging: manager.charging });
    get
      .call(navigator)
      .then((found) => {
        manager = found;
        read();
        manager.addEventListener("chargingchange", read);
        manager.addEventListener("levelchange", read);
      })
      .catch(() => setBattery(null));
    return () => {
      manager?.removeEventListener("chargingchange", read);
      manager?.removeEventListener("levelchange", read);
    };
  }, []);
  if (battery === undefined) return null;
  if (battery === null) return <Unsupported onDone={(outcome) => onDone(outcome, { battery: null })} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-2xl font-bold text-slate-900" data-testid="battery-level">
        {t("batteryLevel", { level: Math.round(battery.level * 100) })}
      </p>
      <Status tone={battery.charging ? "good" : "neutral"}>
        {battery.charging ? t("charging") : t("notCharging")}
      </Status>
      {!battery.charging && <p className="text-sm text-slate-600">{t("chargingHint")}</p>}
      <StepButton variant="primary" onClick={() => onDone("pass", { battery })} testId="check-next">
        {t("next")}
      </StepButton>
    </div>
  );
}

type Connection = { type?: string; effectiveType?: string };

/** Whether the device is online, and the kind of network where the browser says it. */
export function NetworkStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [online] = useState(() => navigator.onLine);
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  const type = connection?.type ?? connection?.effectiveType ?? null;
  const network = { online, type: type ? type.slice(0, 20) : null };
  return (
    <div className="flex flex-col gap-3">
      <Status tone={online ? "good" : "bad"}>{online ? t("online") : t("offline")}</Status>
      {type && <p className="text-sm text-slate-700">{t("networkType", { type })}</p>}
      <StepButton
        variant="primary"
        onClick={() => onDone(online ? "pass" : "fail", { network })}
        testId="check-next"
      >
        {t("next")}
      </StepButton>
    </div>
  );
}
