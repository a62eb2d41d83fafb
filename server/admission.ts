import { monitorEventLoopDelay } from "node:perf_hooks";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { type Priority, withPriority } from "#db/priority.ts";
import { overloadedMessage, overloadedPage } from "./malformed.ts";
import { currentPhases } from "./phases.ts";

/**
 * Admission control (decision 049): each server process takes on a bounded amount of work at once,
 * per class of request, so that past its capacity some requests are told at once to come back
 * instead of every request waiting longer.
 *
 * - Each class has its own slots: a page read never takes a write's slot, so a flood of readers
 *   leaves the purchases, payouts and providers' webhooks their budget (the largest).
 * - A request that finds its class full joins the class's queue, first come first served, if the
 *   queue has room (`queuePerSlot` waiting requests per slot), and waits there for its slot however
 *   long that takes; a request that finds the queue full too is answered at once: 503 with
 *   `Retry-After` (JSON for the API and webhooks, a short page for browsers). A request is only ever
 *   refused on arrival, never after it waited.
 * - When the process is behind (its event loop runs late, `busyLoopMs`), pages and API reads no longer
 *   queue: one that finds its class full is refused at once. Nor do they join a queue whose wait
 *   would be longer than `readWaitMs`. Writes and webhooks still queue.
 * - A slot is held until the answer is done: its last byte sent (a streamed page renders well after
 *   its headers), or its client gone, whichever comes first.
 */

/** The classes of work, each with a budget of its own; the names are `/metrics` labels. */
export const ROUTE_CLASSES = ["pages", "api_reads", "writes", "webhooks"] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

export type AdmissionSettings = {
  /** Requests of each class answered at once by one process; 0: no limit. */
  limits: Record<RouteClass, number>;
  /**
   * How many requests may wait for a slot per slot of their class (the queue holds the class's slots
   * × this many); 0: no waiting, a request is refused as soon as its class is full.
   */
  queuePerSlot: number;
  /**
   * How late the process's event loop may run (the 99th percentile over the last 100 ms) before pages
   * and API reads stop queueing: past it, one that finds its class full is refused at once, as the
   * process is already behind with what it holds. 0: never.
   */
  busyLoopMs: number;
  /**
   * How long a page or an API read may expect to wait for its slot (the requests ahead of it in the
   * queue × how long a slot of its class is held lately ÷ its slots): past it, refused on arrival,
   * since it would be answered too late to matter. 0: no such limit.
   */
  readWaitMs: number;
};

/** What a client that was refused is asked to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** Built assets, uploaded files, the build's id, robots.txt, the health check, the metrics, live streams. */
const NEVER_LIMITED = /^\/(assets|media)\/|^\/(build\.json|robots\.txt|metrics|api\/v1\/health)$|^\/events\//;
/** Requests that change nothing (OPTIONS included, as for the page cache). */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The class of a request, or null for what is never limited: cheap answers from memory or disk, what
 * load balancers and scrapers ask to see how the server is, and open live-notification streams.
 */
export function classOf(method: string, path: string): RouteClass | null {
  if (NEVER_LIMITED.test(path)) return null;
  if (path.startsWith("/webhooks/")) return "webhooks";
  if (!READS.has(method.toUpperCase())) return "writes";
  return path.startsWith("/api/") ? "api_reads" : "pages";
}

/**
 * Writes first (decision 050): the database runs a write's and a webhook's statements ahead of
 * reads, on PostgreSQL on connections reads never take; pages and API reads are reads.
 */
function priorityOf(cls: RouteClass): Priority {
  return cls === "writes" || cls === "webhooks" ? "write" : "read";
}

export type ClassFigures = {
  /** Slots of the class; 0: no limit. */
  limit: number;
  /** How many requests may wait for a slot at once (the slots × `queuePerSlot`). */
  queueLimit: number;
  /** Requests holding a slot now. */
  inFlight: number;
  /** Requests waiting for a slot now. */
  queued: number;
  /** Requests refused since the process started. */
  shed: number;
};

export type Admission = {
  /**
   * A slot of the class, when one is free or as soon as one frees: its release (which may be called
   * more than once), or null when the request was refused on arrival (its class and its queue full)
   * or its client left while it waited (not counted as refused). A request that may not wait (a
   * page fetched ahead) is refused as soon as its class is full.
   */
  enter(cls: RouteClass, gone?: AbortSignal, o?: { wait?: boolean }): Promise<(() => void) | null>;
  figures(): Record<RouteClass, ClassFigures>;
  /** Whether the process is behind now, so that pages and API reads do not queue. */
  busy(): boolean;
};

/**
 * Classes whose requests stop queueing when the process is behind, and may not wait longer than
 * `readWaitMs`: reads, which can be asked again.
 */
const SHED_WHEN_BUSY: ReadonlySet<RouteClass> = new Set(["pages", "api_reads"]);

/**
 * Whether the process's event loop runs late: its delay's 99th percentile over the last `everyMs`
 * past `limitMs`, or this watch's own timer that much late. The histogram alone misses a hold when
 * the watch's timer runs before the histogram's after it (its reset then drops the late sample,
 * about one hold in fifteen); the timer's own lateness is that hold. The sampling timer does not
 * keep the process alive.
 */
export function eventLoopBusy(limitMs: number, everyMs = 100): { busy(): boolean; stop(): void } {
  if (limitMs <= 0) return { busy: () => false, stop: () => {} };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let busy = false;
  let lastTick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - lastTick - everyMs;
    lastTick = now;
    busy = late > limitMs || (delay.count > 0 && delay.percentile(99) / 1e6 > limitMs);
    delay.reset();
  }, everyMs);
  timer.unref();
  return {
    busy: () => busy,
    stop: () => {
      clearInterval(timer);
      delay.disable();
    },
  };
}

/** The process's one watch of its event loop, by limit, started when first asked. */
const loopWatches = new Map<number, () => boolean>();

/**
 * `eventLoopBusy` for the whole process, started the first time a full class asks (a process whose
 * classes are never full, a test server with no limits, never watches its loop).
 */
function processBusy(limitMs: number): () => boolean {
  return () => {
    let busy = loopWatches.get(limitMs);
    if (!busy) {
      busy = eventLoopBusy(limitMs).busy;
      loopWatches.set(limitMs, busy);
    }
    return busy();
  };
}

type Gate = {
  /** `mayWait` is asked only of a request that finds its class full. */
  enter(gone?: AbortSignal, mayWait?: () => boolean): Promise<(() => void) | null>;
  figures(): ClassFigures;
};

/** Requests waiting for a slot, first come first served: a linked list, so that taking the first
 * and removing one whose client left are both O(1) however long the queue. */
type Waiter = { admit(): void; prev: Waiter | null; next: Waiter | null };

function queue() {
  let head: Waiter | null = null;
  let tail: Waiter | null = null;
  let length = 0;
  const remove = (w: Waiter) => {
    if (w.prev) w.prev.next = w.next;
    else head = w.next;
    if (w.next) w.next.prev = w.prev;
    else tail = w.prev;
    w.prev = w.next = null;
    length -= 1;
  };
  return {
    get length() {
      return length;
    },
    push(w: Waiter) {
      w.prev = tail;
      if (tail) tail.next = w;
      else head = w;
      tail = w;
      length += 1;
    },
    shift(): Waiter | null {
      const first = head;
      if (first) remove(first);
      return first;
    },
    /** Takes `w` out of the queue; false if it was no longer in it. */
    remove(w: Waiter): boolean {
      if (w !== head && !w.prev) return false;
      remove(w);
      return true;
    },
  };
}

/** How much of a slot's hold time just measured goes into the moving average. */
const HOLD_WEIGHT = 0.1;

function gate(
  limit: number,
  queuePerSlot: number,
  waitMs: number,
  now: () => number = () => performance.now(),
): Gate {
  const queueLimit = limit * queuePerSlot;
  let inFlight = 0;
  let shed = 0;
  /** How long a slot is held lately: a moving average, 0 until one was. */
  let holdMs = 0;
  const waiting = queue();

  const slot = (): (() => void) => {
    inFlight += 1;
    let held = true;
    const from = now();
    return () => {
      if (!held) return;
      held = false;
      inFlight -= 1;
      const took = now() - from;
      holdMs = holdMs === 0 ? took : holdMs + HOLD_WEIGHT * (took - holdMs);
      // The slot goes straight to the request that waited longest, before anyone else can take it.
      waiting.shift()?.admit();
    };
  };

  return {
    enter(gone, mayWait) {
      if (gone?.aborted) return Promise.resolve(null);
      if (limit === 0 || inFlight < limit) return Promise.resolve(slot());
      // The only refusal: on arrival, at once, when the queue is full too, or its wait would be too
      // long, or the request may not wait.
      const tooLong = waitMs > 0 && ((waiting.length + 1) * holdMs) / limit > waitMs;
      if (waiting.length >= queueLimit || tooLong || (mayWait && !mayWait())) {
        shed += 1;
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const onGone = () => {
          // A client that left is no refusal: taken out of the queue, uncounted.
          if (waiting.remove(waiter)) resolve(null);
        };
        const waiter: Waiter = {
          admit() {
            gone?.removeEventListener("abort", onGone);
            resolve(slot());
          },
          prev: null,
          next: null,
        };
        gone?.addEventListener("abort", onGone, { once: true });
        waiting.push(waiter);
      });
    },
    figures: () => ({ limit, queueLimit, inFlight, queued: waiting.length, shed }),
  };
}

/**
 * The admission control of one process. `busy` says whether the process is behind (by default its
 * event loop's delay against `settings.busyLoopMs`).
 */
export function createAdmission(
  settings: AdmissionSettings,
  busy: () => boolean = processBusy(settings.busyLoopMs),
  now?: () => number,
): Admission {
  const gates = Object.fromEntries(
    ROUTE_CLASSES.map((cls) => [
      cls,
      gate(
        settings.limits[cls],
        settings.queuePerSlot,
        SHED_WHEN_BUSY.has(cls) ? settings.readWaitMs : 0,
        now,
      ),
    ]),
  ) as Record<RouteClass, Gate>;
  return {
    busy,
    enter: (cls, gone, o) =>
      gates[cls].enter(gone, () => (o?.wait ?? true) && !(SHED_WHEN_BUSY.has(cls) && busy())),
    figures: () =>
      Object.fromEntries(ROUTE_CLASSES.map((cls) => [cls, gates[cls].figures()])) as Record<
        RouteClass,
        ClassFigures
      >,
  };
}

/**
 * The middleware that holds each request of a class `where` says to a slot of its class, or answers
 * it 503 at once. Mounted twice in the app: early for most requests, and after the page cache for
 * visitors' pages the cache may answer (an answer from the cache takes no slot). The rest of the
 * request runs with its class's database priority (decision 050), its wait for a slot counted.
 */
export function admissionControl(
  admission: Admission,
  o: { where: (c: Context, cls: RouteClass) => boolean },
): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    const cls = classOf(c.req.method, c.req.path);
    if (!cls || !o.where(c, cls)) return next();
    const outgoing = c.env?.outgoing;
    // The answer is over when the response closes: sent to its last byte, or its connection gone.
    const over = new AbortController();
    if (outgoing) {
      if (outgoing.closed) over.abort();
      else outgoing.once("close", () => over.abort());
    }
    const phases = currentPhases();
    const waited = performance.now();
    // A page the browser fetches ahead (decision 053) never queues: it is the first to go.
    const ahead = /\bprefetch\b/i.test(c.req.header("sec-purpose") ?? c.req.header("purpose") ?? "");
    const release = await admission.enter(cls, over.signal, { wait: !ahead });
    if (phases) phases.admissionMs += performance.now() - waited;
    if (!release) return overloaded(c);
    const priority = priorityOf(cls);
    if (!outgoing) {
      // Without a Node response to watch (the app's fetch called directly): until the body is read.
      try {
        await withPriority(priority, next, phases?.db);
      } catch (error) {
        release();
        throw error;
      }
      const body = c.res.body;
      if (body) c.res = new Response(readThen(body, release), c.res);
      else release();
      return;
    }
    if (over.signal.aborted) release();
    else over.signal.addEventListener("abort", release, { once: true });
    await withPriority(priority, next, phases?.db);
  };
}

/** The refusal: come back in a moment. JSON for the API and providers' webhooks, a short page for browsers. */
function overloaded(c: Context): Response {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  const url = new URL(c.req.url);
  if (/^\/(api|webhooks)\//.test(url.pathname)) {
    const en = /^en\b/i.test(c.req.header("accept-language") ?? "");
    return c.json({ error: { code: "OVERLOADED", message: overloadedMessage(en ? "en" : "ja") } }, 503);
  }
  return c.html(overloadedPage(url.pathname, `${url.pathname}${url.search}`), 503);
}

/** The same bytes, calling `done` once they are all read, fail, or the reader gives up. */
function readThen(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          done();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}
