/** Time always comes through a clock so rules that depend on it can be tested. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(
  start: Date | string,
): Clock & { advance(ms: number): void; set(d: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(d) {
      current = new Date(d);
    },
  };
}
