/** Time as a dependency, so that pure code and tests can fix it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

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
