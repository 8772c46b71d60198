// The API's timestamps: checked as strings by the schemas, turned into Dates once decoded, on the hot
// path of every poll (a fast parser first, Date.parse for anything unusual).
import { z } from "zod";
import { decodeIssue, type JsonPath } from "./jsonapi";

// Group 1: the time, group 2: its zone.
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Timestamps are checked as strings by the schemas and turned into Dates by `toDate` (cheaper than a
 * zod transform per timestamp on the hot path). */
export const isoString = z.string();
export const nullableIso = isoString.nullable().optional();

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/** `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`, the form the service sends, parsed by hand; NaN otherwise. */
function fastIso(s: string): number {
  if (s.length < 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84)
    return Number.NaN;
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return Number.NaN;
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59)) {
    return Number.NaN;
  }
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    let scale = 100;
    i++;
    const begin = i;
    while (i < s.length) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      ms += d * scale;
      scale /= 10;
      i++;
    }
    if (i === begin) return Number.NaN;
    ms = Math.floor(ms);
  }
  let offsetMinutes = 0;
  const zone = s.charCodeAt(i);
  if (zone === 90 && i + 1 === s.length) {
    // Z
  } else if ((zone === 43 || zone === 45) && i + 6 === s.length && s.charCodeAt(i + 3) === 58) {
    const oh = digits(s, i + 1, 2);
    const om = digits(s, i + 4, 2);
    offsetMinutes = (zone === 45 ? -1 : 1) * (oh * 60 + om);
  } else {
    return Number.NaN;
  }
  const t = Date.UTC(digits(s, 0, 4), month - 1, day, hour, minute, second, ms);
  return t - offsetMinutes * 60_000;
}

/**
 * An ISO 8601 timestamp (`+00:00` offset, or the `Z` of statistics points) as a Date, or a DecodeError
 * at `at` + keys (the path is only built on error: this runs for every timestamp).
 */
export function toDate(value: string, at: JsonPath, ...keys: PropertyKey[]): Date {
  let ms = fastIso(value);
  if (Number.isNaN(ms)) {
    const m = ISO_TIMESTAMP.exec(value);
    // A time without a zone would be read as the machine's local time: the service means UTC.
    if (m) ms = Date.parse(m[1] !== undefined && m[2] === undefined ? `${value}Z` : value);
  }
  if (Number.isNaN(ms)) throw decodeIssue([...at, ...keys], "expected an ISO 8601 timestamp");
  return new Date(ms);
}

/** `toDate` for optional, nullable timestamps. */
export function toDateOrNull(
  value: string | null | undefined,
  at: JsonPath,
  ...keys: PropertyKey[]
): Date | null {
  return value === null || value === undefined ? null : toDate(value, at, ...keys);
}
