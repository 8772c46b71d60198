import type { OptionValue, SubscriptionOption } from "../../../domain/subscription-options";
import { formatDuration } from "../../../lib/format-time";

/** `45s`, `2m`, `1m30s` as seconds; null for anything else (a bare number would be a guess). */
export function parseSeconds(text: string): number | null {
  const m = /^(?:(\d{1,4})\s*(?:m|min))?\s*(?:(\d{1,5})\s*(?:s|sec))?$/i.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

// Below 30 s a check interval already covers it; past 30 min a held-back outage would hide a real one.
const AFTER_MIN_SECONDS = 30;
const AFTER_MAX_SECONDS = 1800;

const inRange = (n: number) => Number.isInteger(n) && n >= AFTER_MIN_SECONDS && n <= AFTER_MAX_SECONDS;

const secondsValue: OptionValue<number> = {
  usage: "<duration>",
  expects: "a duration",
  accepts: "a duration from 30s to 30m",
  parse(text) {
    const seconds = parseSeconds(text);
    return seconds !== null && inRange(seconds) ? seconds : null;
  },
  format: (seconds) => `${seconds}s`,
  read: (stored) => (typeof stored === "number" && inRange(stored) ? stored : undefined),
};

/** `--after 2m`: an outage is posted only once it has lasted this long (the incident kind's grace period). */
export const afterOption: SubscriptionOption<number> = {
  flag: "after",
  value: secondsValue,
  example: "2m",
  help: "an outage is posted only once it has lasted this long; one that recovers sooner posts nothing (30s to 30m, e.g. `2m`)",
  describe: (seconds) => `outages posted once they last ${formatDuration(seconds)}`,
};
