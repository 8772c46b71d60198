// Slack message timestamps: "<unix seconds>.<6 digits>", unique and strictly increasing per channel.
// Held as integer microseconds (below 2^53 for the next few centuries), written as strings like Slack.

const TS_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

export function isSlackTs(value: string): boolean {
  return TS_PATTERN.test(value);
}

/** Microseconds of a ts string, or undefined when it is not one. */
export function tsToMicros(ts: string): number | undefined {
  if (!isSlackTs(ts)) return undefined;
  const [seconds = "0", fraction = ""] = ts.split(".");
  return Number(seconds) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

export function microsToTs(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = micros - seconds * 1_000_000;
  return `${seconds}.${String(fraction).padStart(6, "0")}`;
}

/** The next ts for a channel: the clock's time, or one microsecond after the channel's last ts. */
export function nextTsMicros(lastMicros: number, nowMs: number): number {
  return Math.max(Math.floor(nowMs) * 1000, lastMicros + 1);
}

export function compareTs(a: string, b: string): number {
  return (tsToMicros(a) ?? 0) - (tsToMicros(b) ?? 0);
}
