import { TZDate } from "@date-fns/tz";
import { isTimeZone } from "../lib/time-zone";

/** A person's quiet hours (the API user's `silentStart`-`silentEnd`), local to `timeZone`. */
export interface QuietHours {
  /** `HH:MM`, 24-hour. */
  start: string;
  end: string;
  /** An IANA zone: the API user's `timeZone`, else their Slack zone. */
  timeZone: string;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The quiet hours of an API user's record, or null when it has none that can be used: a missing or
 * malformed time, an unknown zone, or an empty period (start = end). The record's own zone wins; the
 * reference shows `timeZone` but not that it is always set, so the Slack zone fills in.
 */
export function quietHoursOf(
  record: { silentStart: string | null; silentEnd: string | null; timeZone: string | null },
  fallbackTimeZone: string | null,
): QuietHours | null {
  const { silentStart: start, silentEnd: end } = record;
  if (!start || !end || !HH_MM.test(start) || !HH_MM.test(end) || start === end) return null;
  const timeZone = [record.timeZone, fallbackTimeZone, "UTC"].find(
    (zone): zone is string => !!zone && isTimeZone(zone),
  )!;
  return { start, end, timeZone };
}

/** Whether `at` (ms) falls in the quiet hours; a period across midnight (22:00-07:00) is the usual case. */
export function inQuietHours(quiet: QuietHours, at: number): boolean {
  const local = new TZDate(at, quiet.timeZone);
  const now = local.getHours() * 60 + local.getMinutes();
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

function minutes(hhmm: string): number {
  const [, h, m] = HH_MM.exec(hhmm)!;
  return Number(h) * 60 + Number(m);
}
