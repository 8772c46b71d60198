import { TZDate } from "@date-fns/tz";
import type { DigestCadence } from "../../../domain/digest-cadences";
import type { DigestPeriod } from "../../model";

/** Daily at 09:00, weekly on Monday at 09:00, in the subscriber's time zone. */
const DIGEST_HOUR = 9;
const MONDAY = 1;

function nineOn(at: number, timeZone: string, dayOffset: number): TZDate {
  const local = new TZDate(at, timeZone);
  return new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    DIGEST_HOUR,
    0,
    0,
    timeZone,
  );
}

/** Built from local calendar fields, so a DST change moves it with the wall clock. */
export function latestOccurrence(cadence: DigestCadence, timeZone: string, now: number): number {
  const local = new TZDate(now, timeZone);
  const back = cadence === "daily" ? 0 : (local.getDay() - MONDAY + 7) % 7;
  let occurrence = nineOn(now, timeZone, -back);
  if (occurrence.getTime() > now) occurrence = nineOn(now, timeZone, -back - (cadence === "daily" ? 1 : 7));
  return occurrence.getTime();
}

export function nextOccurrence(cadence: DigestCadence, timeZone: string, now: number): number {
  const latest = latestOccurrence(cadence, timeZone, now);
  return nineOn(latest, timeZone, cadence === "daily" ? 1 : 7).getTime();
}

/** Named by the local date of its end, so every replica names it alike. */
export function digestPeriod(cadence: DigestCadence, timeZone: string, occurrence: number): DigestPeriod {
  const from = nineOn(occurrence, timeZone, cadence === "daily" ? -1 : -7).getTime();
  const end = new TZDate(occurrence, timeZone);
  const date = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, "0")}-${String(end.getDate()).padStart(2, "0")}`;
  return { key: `${cadence}:${date}`, from, to: occurrence };
}

/** Never compared with a scheduled key: posting now does not replace the scheduled digest. */
export function periodEndingNow(cadence: DigestCadence, now: number): DigestPeriod {
  const length = cadence === "daily" ? 86_400_000 : 7 * 86_400_000;
  return { key: `${cadence}:now:${now}`, from: now - length, to: now };
}
