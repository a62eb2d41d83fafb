import { type RefObject, useEffect, useRef, useState } from "react";
import { compactDigits } from "#core/shared/validation/characters.ts";

/** The device an IMEI's TAC names, as the forms' look-ups answer it. */
export type ImeiDevice = {
  brand: { code: string; name: string };
  model: { id: number; name: string; categoryCode: string };
};

/** What the number in the IMEI field names now. */
export type ImeiLookup =
  | { kind: "none" }
  | { kind: "checking" }
  | { kind: "known"; device: ImeiDevice }
  | { kind: "unknown" }
  | { kind: "invalid"; message: string };

type Answer = { device: ImeiDevice | null } | { message: string };

/** The number to look up once 15 digits are typed (spaces, hyphens and full width as the phone shows them). */
function wholeNumber(typed: string): string | null {
  const compact = compactDigits(typed.trim());
  return compact.replace(/\D/g, "").length >= 15 ? compact : null;
}

async function ask(endpoint: string, imei: string): Promise<Answer> {
  const res = await fetch(`${endpoint}?${new URLSearchParams({ imei })}`, {
    headers: { accept: "application/json" },
  });
  // A number that is not an IMEI: the message of the IMEI's rule.
  if (res.status === 422)
    return { message: ((await res.json()) as { error: { message: string } }).error.message };
  if (!res.ok) throw new Error(`device ${res.status}`);
  return { device: ((await res.json()) as { device: ImeiDevice | null }).device };
}

/**
 * The device of the IMEI typed into a form, looked up as it is typed: once the field holds a whole
 * number, `endpoint` (`?imei=`, answering `{ device }` or a 422 with the IMEI's message) says which
 * maker and model it is, from the core's TAC table. `onDevice` fills the form, `onUnknown` hears of
 * a device we do not know; the look-up's state is for the form's notice. Without the look-up (no
 * script, no answer) the member chooses as before.
 */
export function useImeiDevice(o: {
  endpoint: string;
  /** The IMEI field, once the page is ready. */
  field: () => HTMLInputElement | null;
  /** `fromTyping` is false for a number already in the field when the page got ready. */
  onDevice?: (device: ImeiDevice, how: { fromTyping: boolean }) => void;
  onUnknown?: () => void;
  /** Whether a number already in the field when the page gets ready is looked up (yes unless said). */
  atStart?: () => boolean;
}): { lookup: ImeiLookup; device: RefObject<ImeiDevice | null> } {
  const [lookup, setLookup] = useState<ImeiLookup>({ kind: "none" });
  const latest = useRef(o);
  useEffect(() => {
    latest.current = o;
  });
  /** The device of the number in the field now, for the form's own event handlers. */
  const device = useRef<ImeiDevice | null>(null);
  const asked = useRef(0);
  const answers = useRef(new Map<string, Answer>());

  async function look(typed: string, how: { fromTyping: boolean }) {
    const ticket = ++asked.current;
    device.current = null;
    const imei = wholeNumber(typed);
    if (!imei) {
      setLookup({ kind: "none" });
      return;
    }
    let answer = answers.current.get(imei);
    if (!answer) {
      setLookup({ kind: "checking" });
      try {
        answer = await ask(latest.current.endpoint, imei);
        answers.current.set(imei, answer);
      } catch {
        if (ticket === asked.current) setLookup({ kind: "none" });
        return;
      }
    }
    if (ticket !== asked.current) return;
    if ("message" in answer) {
      setLookup({ kind: "invalid", message: answer.message });
    } else if (answer.device) {
      device.current = answer.device;
      setLookup({ kind: "known", device: answer.device });
      latest.current.onDevice?.(answer.device, how);
    } else {
      setLookup({ kind: "unknown" });
      latest.current.onUnknown?.();
    }
  }

  useEffect(() => {
    const input = latest.current.field();
    if (!input) return;
    const onInput = () => void look(input.value, { fromTyping: true });
    input.addEventListener("input", onInput);
    // A number typed before the page was ready, or one the form came with.
    if (input.value && (latest.current.atStart?.() ?? true)) void look(input.value, { fromTyping: false });
    return () => input.removeEventListener("input", onInput);
  }, []);

  return { lookup, device };
}
