import { describe, expect, it } from "vitest";
import { formatDuration, slackDate, utcFallback } from "../../../src/lib/format-time";

// 2026-11-21T10:04:37Z
const at = Date.UTC(2026, 10, 21, 10, 4, 37);

describe("slackDate", () => {
  it("writes the exact Slack date token with a UTC fallback", () => {
    expect(slackDate(at)).toBe("<!date^1795255477^{date_short_pretty} {time}|2026-11-21 10:04 UTC>");
  });

  it("takes a Date as well as epoch milliseconds", () => {
    expect(slackDate(new Date(at))).toBe(slackDate(at));
  });

  it("uses the given format and link", () => {
    expect(slackDate(at, "{date_num} {time_secs}", "https://uptime.example/incidents/7")).toBe(
      "<!date^1795255477^{date_num} {time_secs}^https://uptime.example/incidents/7|2026-11-21 10:04 UTC>",
    );
  });

  it("rounds sub-second times down to the second", () => {
    expect(slackDate(at + 999)).toContain("^1795255477^");
  });

  it("handles times before 1970 and invalid dates without a broken token", () => {
    expect(slackDate(Date.UTC(1969, 11, 31, 23, 59, 30))).toBe(
      "<!date^-30^{date_short_pretty} {time}|1969-12-31 23:59 UTC>",
    );
    expect(slackDate(Number.NaN)).toBe("unknown time");
    expect(slackDate(new Date("nope"))).toBe("unknown time");
  });
});

describe("utcFallback", () => {
  it("is the UTC wall time whatever the process time zone", () => {
    expect(utcFallback(Date.UTC(2026, 0, 1, 0, 0))).toBe("2026-01-01 00:00 UTC");
    expect(utcFallback(new Date(at))).toBe("2026-11-21 10:04 UTC");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [1, "1s"],
    [42, "42s"],
    [59.9, "59s"],
    [60, "1m"],
    [252, "4m 12s"],
    [3600, "1h"],
    [3601, "1h"],
    [3660, "1h 1m"],
    [7500, "2h 5m"],
    [86_400, "1d"],
    [86_400 + 59, "1d"],
    [3 * 86_400 + 4 * 3600 + 59 * 60, "3d 4h"],
    [40 * 86_400, "40d"],
    [400 * 86_400 + 3600, "400d 1h"],
  ])("%d s -> %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it("reads 0s for negative or invalid durations (clock skew)", () => {
    expect(formatDuration(-5)).toBe("0s");
    expect(formatDuration(Number.NaN)).toBe("0s");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0s");
  });
});
