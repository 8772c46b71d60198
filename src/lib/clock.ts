/** Time as a dependency, so that pure code and tests can fix it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * When `at` (a time on `clock`) comes by the wall clock, for Redis's PEXPIREAT: Redis expires keys by its own
 * clock, so a store on another clock (a test's) counts the time left on its own and adds it to Date.now().
 */
export function wallClockTime(clock: Clock, at: number): number {
  return Date.now() + Math.round(at - clock.now());
}

export function fixedClock(
  at: number | string | Date,
): Clock & { set(ms: number): void; advance(ms: number): void } {
  let current = typeof at === "number" ? at : new Date(at).getTime();
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
