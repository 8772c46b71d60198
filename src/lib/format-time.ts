import { tz } from "@date-fns/tz";
import { secondsInDay, secondsInHour, secondsInMinute } from "date-fns/constants";
// The one function, not the package root: "date-fns" loads all of its ~250 modules (megabytes of RSS).
import { format as formatDate } from "date-fns/format";

const utc = tz("UTC");

/**
 * A Slack date token, `<!date^UNIX^FORMAT^LINK|fallback>`, so that every reader sees the time in their own
 * time zone (docs/architecture.md section 1). `date` is a Date or epoch milliseconds (what Clock.now() gives). The
 * fallback, shown where tokens are not rendered (notifications, old clients), is UTC: "2026-11-21 10:04 UTC".
 * `format` and `link` are code, not user input: they must not contain `|`, `^` or `>`.
 * An invalid date gives plain text instead of a broken token.
 */
export function slackDate(date: Date | number, format = "{date_short_pretty} {time}", link?: string): string {
  const ms = typeof date === "number" ? date : date.getTime();
  if (!Number.isFinite(ms)) return "unknown time";
  const unix = Math.floor(ms / 1000);
  const linkPart = link ? `^${link}` : "";
  return `<!date^${unix}^${format}${linkPart}|${utcFallback(ms)}>`;
}

/** "2026-11-21 10:04 UTC": the readable time used where Slack date tokens are not rendered. */
export function utcFallback(date: Date | number): string {
  const ms = typeof date === "number" ? date : date.getTime();
  if (!Number.isFinite(ms)) return "unknown time";
  return `${formatDate(ms, "yyyy-MM-dd HH:mm", { in: utc })} UTC`;
}

/**
 * An elapsed time in the two largest units, "42s", "4m 12s", "2h 5m", "3d 4h", without a zero second unit
 * ("1h", not "1h 0m"). Seconds are rounded down; negative or invalid input (clock skew) reads "0s".
 * Days are the largest unit: date-fns' intervalToDuration would turn 40 days into "1 month 9 days" measured
 * on a calendar, which is wrong for an outage length, so the units come from date-fns' constants instead.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const units: [number, string][] = [
    [Math.floor(total / secondsInDay), "d"],
    [Math.floor((total % secondsInDay) / secondsInHour), "h"],
    [Math.floor((total % secondsInHour) / secondsInMinute), "m"],
    [total % secondsInMinute, "s"],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1) return "0s";
  const parts = [units[first]!];
  const second = units[first + 1];
  if (second && second[0] > 0) parts.push(second);
  return parts.map(([value, unit]) => `${value}${unit}`).join(" ");
}
