export const SECOND = 1000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** Resource timestamps: `YYYY-MM-DDTHH:MM:SS+00:00` as in the reference. */
export function isoOffset(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** Statistics point timestamps use a `Z` suffix (reference, "Timestamps"). */
export function isoZ(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR) * HOUR;
}

export function floorDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/**
 * Check ids are timestamps with a nanosecond fraction (reference). The sub-millisecond digits come from
 * a counter so that ids stay unique when several checks share a millisecond.
 */
export function checkIdFactory(): (ms: number) => string {
  let seq = 0;
  return (ms) => {
    seq = (seq + 1) % 1_000_000;
    const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, "0");
    return `${new Date(ms).toISOString().slice(0, 19)}.${millis}${String(seq).padStart(6, "0")}Z`;
  };
}
