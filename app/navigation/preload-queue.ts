/** Spec §9: up to 4 route preloads at once. */
export const PRELOADS_AT_ONCE = 4;

type Task = { key: string; run: () => Promise<void> };

/**
 * The preloads waiting and running (decision 053): at most `atOnce` run together, a key is
 * preloaded once (again after `keepMs`, if given), and what a person points at goes ahead of what
 * merely came into view.
 */
export class PreloadQueue {
  private running = 0;
  private readonly waiting: Task[] = [];
  /** When each key was asked for: waiting, running or done. */
  private readonly asked = new Map<string, number>();

  private readonly atOnce: number;
  private readonly now: () => number;

  constructor(atOnce = PRELOADS_AT_ONCE, now: () => number = Date.now) {
    this.atOnce = atOnce;
    this.now = now;
  }

  /** Asks for a preload; false when the key is waiting, running or done (and still good). */
  add(key: string, run: () => Promise<void>, options: { urgent?: boolean; keepMs?: number } = {}): boolean {
    const at = this.asked.get(key);
    if (at !== undefined && (options.keepMs === undefined || this.now() - at < options.keepMs)) return false;
    this.asked.set(key, this.now());
    const task = { key, run };
    if (options.urgent) this.waiting.unshift(task);
    else this.waiting.push(task);
    this.next();
    return true;
  }

  /** How many preloads run now. */
  get active(): number {
    return this.running;
  }

  /** How many wait for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private next(): void {
    while (this.running < this.atOnce && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running += 1;
      // A preload that fails is a page fetched when it is opened, as without it.
      task
        .run()
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}
