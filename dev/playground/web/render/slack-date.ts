/**
 * Slack date tokens `<!date^UNIX^FORMAT^optional_link|fallback>` as Slack's clients show them: in the
 * reader's time zone (the browser's by default). Formats follow Slack's "Formatting text for app surfaces"
 * reference: {date_num} {date} {date_short} {date_long} {date_pretty} {date_short_pretty} {date_long_pretty}
 * {time} {time_secs} {ago}. English (US) wording, as the reference's examples.
 */

export interface DateFormatOptions {
  /** IANA zone, e.g. "Europe/Berlin"; undefined = the runtime's zone (the browser's). */
  timeZone?: string;
  /** "Now", for today/yesterday and {ago}; epoch ms. */
  now: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(ms: number, timeZone: string | undefined): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ["th", "st", "nd", "rd"][day % 10] ?? "th";
  return `${day}${day % 10 > 3 ? "th" : suffix}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Days between two calendar dates (b - a). */
function dayDifference(a: ZonedParts, b: ZonedParts): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

function weekday(p: ZonedParts): string {
  return WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()] ?? "";
}

function time(p: ZonedParts, seconds: boolean): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""} ${p.hour < 12 ? "AM" : "PM"}`;
}

function ago(ms: number, now: number): string {
  const seconds = Math.round((now - ms) / 1000);
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  const [value, unit] =
    abs < 3600
      ? [Math.max(1, Math.round(abs / 60)), "minute"]
      : abs < 86_400
        ? [Math.round(abs / 3600), "hour"]
        : abs < 86_400 * 30
          ? [Math.round(abs / 86_400), "day"]
          : abs < 86_400 * 365
            ? [Math.round(abs / (86_400 * 30)), "month"]
            : [Math.round(abs / (86_400 * 365)), "year"];
  const phrase = `${value} ${unit}${value === 1 ? "" : "s"}`;
  return future ? `in ${phrase}` : `${phrase} ago`;
}

/** Replaces every {token} of a Slack date format; unknown tokens stay as written. */
export function formatSlackDate(unixSeconds: number, format: string, options: DateFormatOptions): string {
  const ms = unixSeconds * 1000;
  const p = zonedParts(ms, options.timeZone);
  const month = MONTHS[p.month - 1] ?? "";
  const short = month.slice(0, 3);
  const relative = () => {
    const diff = dayDifference(zonedParts(options.now, options.timeZone), p);
    return diff === 0 ? "Today" : diff === -1 ? "Yesterday" : diff === 1 ? "Tomorrow" : undefined;
  };
  const values: Record<string, () => string> = {
    date_num: () => `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    date: () => `${month} ${ordinal(p.day)}, ${p.year}`,
    date_short: () => `${short} ${p.day}, ${p.year}`,
    date_long: () => `${weekday(p)}, ${month} ${ordinal(p.day)}, ${p.year}`,
    date_pretty: () => relative() ?? values.date!(),
    date_short_pretty: () => relative() ?? values.date_short!(),
    date_long_pretty: () => relative() ?? values.date_long!(),
    time: () => time(p, false),
    time_secs: () => time(p, true),
    ago: () => ago(ms, options.now),
  };
  return format.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name]?.() ?? whole);
}

export interface DateToken {
  unix: number;
  format: string;
  link?: string;
  fallback: string;
}

/** The parts of a date token's body (what is between `<!` and `>`), or undefined when it is not one. */
export function parseDateToken(body: string): DateToken | undefined {
  const match = /^date\^(-?\d+)\^([^^|]*)(?:\^([^|]*))?(?:\|(.*))?$/s.exec(body);
  if (!match) return undefined;
  return {
    unix: Number(match[1]),
    format: match[2] ?? "",
    ...(match[3] ? { link: match[3] } : {}),
    fallback: match[4] ?? "",
  };
}
