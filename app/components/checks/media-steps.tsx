import { useEffect, useRef, useState } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";
import { mediaProblem, Status, StepButton, type StepProps, Unsupported, YesNo } from "./step-parts.tsx";

const canCapture = () => typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

/** Stops a stream's tracks when the step ends, so the camera light and the microphone go off. */
function useStream() {
  const stream = useRef<MediaStream | null>(null);
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  return stream;
}

/**
 * A camera: the member starts it, sees its picture in the page (nothing leaves the phone), and says
 * whether it shows. The front one asks for the camera facing the member, the back one for the other.
 */
export function CameraStep({ onDone, facing }: StepProps & { facing: "user" | "environment" }) {
  const t = useTranslations("checks.page");
  const stream = useStream();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"idle" | "on" | "permissionDenied" | "deviceMissing">("idle");
  if (!canCapture()) return <Unsupported onDone={onDone} />;
  const start = async () => {
    try {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: facing } },
        audio: false,
      });
      setState("on");
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => {});
      }
    } catch (error) {
      setState(mediaProblem(error));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        className={`aspect-[3/4] w-full rounded-lg bg-slate-900 object-cover ${state === "on" ? "" : "hidden"}`}
        style={facing === "user" ? { transform: "scaleX(-1)" } : undefined}
        data-testid="camera-preview"
      />
      {state === "on" ? (
        <YesNo question={t("cameraQuestion")} yes={t("cameraWorks")} no={t("cameraFails")} onDone={onDone} />
      ) : (
        <>
          {state !== "idle" && <Status tone="bad">{t(state)}</Status>}
          <StepButton variant="primary" onClick={start} testId="camera-start">
            {state === "idle" ? t("cameraStart") : t("retry")}
          </StepButton>
          {state === "deviceMissing" && (
            <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
              {t("cameraFails")}
            </StepButton>
          )}
        </>
      )}
    </div>
  );
}

/** The microphone: a level meter of what it hears; loud enough once and the member can say it works. */
export function MicrophoneStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const stream = useStream();
  const [state, setState] = useState<"idle" | "on" | "permissionDenied" | "deviceMissing">("idle");
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  useEffect(
    () => () => {
      audio.current?.close().catch(() => {});
    },
    [],
  );
  if (!canCapture() || typeof AudioContext === "undefined") return <Unsupported onDone={onDone} />;
  const start = async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      const context = new AudioContext();
      audio.current = context;
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream.current).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      setState("on");
      const measure = () => {
        if (context.state === "closed") return;
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += s * s;
        const rms = Math.sqrt(sum / samples.length);
        setLevel(Math.min(1, rms * 8));
        if (rms > 0.02) setHeard(true);
        requestAnimationFrame(measure);
      };
      measure();
    } catch (error) {
      setState(mediaProblem(error));
    }
  };
  if (state !== "on") {
    return (
      <div className="flex flex-col gap-3">
        {state !== "idle" && <Status tone="bad">{t(state)}</Status>}
        <StepButton variant="primary" onClick={start} testId="mic-start">
          {state === "idle" ? t("micStart") : t("retry")}
        </StepButton>
        {state === "deviceMissing" && (
          <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
            {t("micFails")}
          </StepButton>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <label className="text-sm text-slate-700">
        {t("micLevel")}
        <meter className="mt-1 block h-6 w-full" min={0} max={1} low={0.15} value={level} />
      </label>
      <Status tone={heard ? "good" : "neutral"}>{heard ? t("micHeard") : ""}</Status>
      <StepButton variant="primary" onClick={() => onDone("pass")} disabled={!heard} testId="check-yes">
        {t("micWorks")}
      </StepButton>
      <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
        {t("micFails")}
      </StepButton>
    </div>
  );
}

/** A one-second tone, on the default output or on the one named (the earpiece). */
async function playTone(sinkId?: string): Promise<void> {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 660;
  gain.gain.value = 0.25;
  oscillator.connect(gain);
  let element: HTMLAudioElement | null = null;
  if (sinkId) {
    const destination = context.createMediaStreamDestination();
    gain.connect(destination);
    element = new Audio();
    element.srcObject = destination.stream;
    await (element as HTMLAudioElement & { setSinkId(id: string): Promise<void> }).setSinkId(sinkId);
    await element.play();
  } else {
    gain.connect(context.destination);
  }
  oscillator.start();
  oscillator.stop(context.currentTime + 1);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  element?.pause();
  await context.close();
}

/** The speaker: a tone the member confirms hearing. */
export function SpeakerStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [played, setPlayed] = useState(false);
  if (typeof AudioContext === "undefined") return <Unsupported onDone={onDone} />;
  return (
    <div className="flex flex-col gap-3">
      <StepButton
        variant={played ? "secondary" : "primary"}
        onClick={() => {
          setPlayed(true);
          playTone().catch(() => {});
        }}
        testId="tone-play"
      >
        {t("playTone")}
      </StepButton>
      {played && <YesNo question={t("toneQuestion")} onDone={onDone} />}
    </div>
  );
}

/**
 * The earpiece: only where the browser can send sound to a chosen output and names one as the
 * earpiece (labels show once a microphone was allowed). Elsewhere the report says "not testable".
 */
export function EarpieceStep({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  const [earpiece, setEarpiece] = useState<string | null | undefined>(undefined);
  const [played, setPlayed] = useState(false);
  useEffect(() => {
    const routable = typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;
    if (!routable || !navigator.mediaDevices?.enumerateDevices || typeof AudioContext === "undefined") {
      setEarpiece(null);
      return;
    }
    navigator.mediaDevices
      .enumerateDevices()
      .then((devices) => {
        const found = devices.find(
          (d) => d.kind === "audiooutput" && /earpiece|receiver|handset|受話/i.test(d.label),
        );
        setEarpiece(found?.deviceId ?? null);
      })
      .catch(() => setEarpiece(null));
  }, []);
  if (earpiece === undefined) return null;
  if (earpiece === null) return <Unsupported onDone={onDone} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{t("earpieceHint")}</p>
      <StepButton
        variant={played ? "secondary" : "primary"}
        onClick={() => {
          setPlayed(true);
          playTone(earpiece).catch(() => {});
        }}
        testId="tone-play"
      >
        {t("playTone")}
      </StepButton>
      {played && <YesNo question={t("toneQuestion")} onDone={onDone} />}
    </div>
  );
}
