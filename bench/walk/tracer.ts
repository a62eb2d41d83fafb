import { AsyncLocalStorage } from "node:async_hooks";

/** Which file of `core/` the code running now belongs to, across awaits. */
const current = new AsyncLocalStorage<string>();

/**
 * One entry into a file from another file: the function called (or `(callback)` when the walk came
 * back into a file through a function it had handed over) and the file it came from.
 */
export type Entry = { file: string; fn: string; from: string | null };

let recording: Entry[] | null = null;
/** For each running file, the callback it last went into (so one visit is counted once). */
const inCallback = new Map<string | null, string>();
const ROOT = new URL("../../", import.meta.url).href;

/** Records every entry into a `core/` file while `run` runs. */
export async function walk(run: () => Promise<unknown>): Promise<Entry[]> {
  const entries: Entry[] = [];
  recording = entries;
  inCallback.clear();
  try {
    await current.run("(door)", run);
  } finally {
    recording = null;
  }
  return entries;
}

/** The `core/` file of the code that called the wrapper (its stack's third line), if any. */
function callingFile(): string | null {
  const line = new Error().stack?.split("\n")[3] ?? "";
  const at = line.indexOf(`${ROOT}core/`);
  if (at < 0) return null;
  return line.slice(at + ROOT.length).replace(/:\d+:\d+\)?$/, "");
}

/** Wraps one exported function of `file` (see hooks.ts). */
export function wrap<T extends (...args: never[]) => unknown>(file: string, fn: T): T {
  const wrapper = function (this: unknown, ...args: Parameters<T>) {
    const running = current.getStore() ?? null;
    const caller = recording ? callingFile() : null;
    // A callback a file handed to another: the walk went back into the file that wrote it.
    if (recording && caller && caller !== running) {
      if (inCallback.get(running) !== caller)
        recording.push({ file: caller, fn: "(callback)", from: running });
      inCallback.set(running, caller);
    } else inCallback.delete(running);
    const from = caller ?? running;
    if (from === file) return fn.apply(this, args);
    recording?.push({ file, fn: fn.name, from });
    return current.run(file, () => fn.apply(this, args));
  };
  Object.defineProperty(wrapper, "name", { value: fn.name });
  Object.defineProperty(wrapper, "length", { value: fn.length });
  return wrapper as unknown as T;
}
