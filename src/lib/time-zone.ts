import { TZDate } from "@date-fns/tz";

/** Whether the runtime knows the IANA time zone (Slack's `tz`, e.g. `Europe/Amsterdam`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The next time the clock reads `hour:minute` in `timeZone`, from `now` (ms): today's when it is still
 * ahead (later than now), else tomorrow's. A wall time that a DST change skips moves forward with it, as
 * the zone's rules say (TZDate).
 */
export function nextWallClock(hour: number, minute: number, timeZone: string, now: number): number {
  const local = new TZDate(now, timeZone);
  for (let day = 0; day <= 2; day++) {
    const at = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + day,
      hour,
      minute,
      0,
      0,
      timeZone,
    ).getTime();
    if (at > now) return at;
  }
  // Unreachable: a day later the same wall time is always ahead.
  return now;
}
