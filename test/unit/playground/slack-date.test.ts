import { describe, expect, it } from "vitest";
import { formatSlackDate, parseDateToken } from "../../../dev/playground/web/render/slack-date";

// 2014-02-18T14:39:42Z: Slack's own reference example (6:39 AM in Los Angeles).
const UNIX = 1392734382;
const LA = { timeZone: "America/Los_Angeles", now: Date.parse("2014-02-18T20:00:00Z") };

describe("formatSlackDate", () => {
  it("writes each of Slack's date and time tokens in the given zone", () => {
    expect(formatSlackDate(UNIX, "{date_num}", LA)).toBe("2014-02-18");
    expect(formatSlackDate(UNIX, "{date}", LA)).toBe("February 18th, 2014");
    expect(formatSlackDate(UNIX, "{date_short}", LA)).toBe("Feb 18, 2014");
    expect(formatSlackDate(UNIX, "{date_long}", LA)).toBe("Tuesday, February 18th, 2014");
    expect(formatSlackDate(UNIX, "{time}", LA)).toBe("6:39 AM");
    expect(formatSlackDate(UNIX, "{time_secs}", LA)).toBe("6:39:42 AM");
    expect(formatSlackDate(UNIX, "Posted {date_short_pretty} at {time}", LA)).toBe("Posted Today at 6:39 AM");
  });

  it("uses Yesterday and Tomorrow by the reader's calendar, not UTC's", () => {
    const now = Date.parse("2014-02-19T07:00:00Z"); // still Feb 18 in Los Angeles, Feb 19 in Tokyo
    expect(formatSlackDate(UNIX, "{date_pretty}", { timeZone: "America/Los_Angeles", now })).toBe("Today");
    expect(formatSlackDate(UNIX, "{date_pretty}", { timeZone: "Asia/Tokyo", now })).toBe("Yesterday");
    const before = Date.parse("2014-02-17T12:00:00Z");
    expect(formatSlackDate(UNIX, "{date_long_pretty}", { timeZone: "UTC", now: before })).toBe("Tomorrow");
    const later = Date.parse("2014-03-01T12:00:00Z");
    expect(formatSlackDate(UNIX, "{date_short_pretty}", { timeZone: "UTC", now: later })).toBe(
      "Feb 18, 2014",
    );
  });

  it("writes {ago} relative to now, and keeps unknown tokens", () => {
    const now = UNIX * 1000;
    expect(formatSlackDate(UNIX, "{ago}", { timeZone: "UTC", now: now + 10_000 })).toBe("just now");
    expect(formatSlackDate(UNIX, "{ago}", { timeZone: "UTC", now: now + 5 * 60_000 })).toBe("5 minutes ago");
    expect(formatSlackDate(UNIX, "{ago}", { timeZone: "UTC", now: now - 2 * 3_600_000 })).toBe("in 2 hours");
    expect(formatSlackDate(UNIX, "{nope} {time}", { timeZone: "UTC", now })).toBe("{nope} 2:39 PM");
  });

  it("writes ordinals and midnight correctly", () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    const utc = { timeZone: "UTC", now: 0 };
    expect(formatSlackDate(at("2026-03-01T00:05:00Z"), "{date} {time}", utc)).toBe(
      "March 1st, 2026 12:05 AM",
    );
    expect(formatSlackDate(at("2026-03-02T12:00:00Z"), "{date} {time}", utc)).toBe(
      "March 2nd, 2026 12:00 PM",
    );
    expect(formatSlackDate(at("2026-03-03T00:00:00Z"), "{date}", utc)).toBe("March 3rd, 2026");
    expect(formatSlackDate(at("2026-03-11T00:00:00Z"), "{date}", utc)).toBe("March 11th, 2026");
    expect(formatSlackDate(at("2026-03-22T00:00:00Z"), "{date}", utc)).toBe("March 22nd, 2026");
  });
});

describe("parseDateToken", () => {
  it("reads the timestamp, format, optional link and fallback", () => {
    expect(parseDateToken("date^1392734382^{date} at {time}^https://example.com|Feb 18")).toEqual({
      unix: 1392734382,
      format: "{date} at {time}",
      link: "https://example.com",
      fallback: "Feb 18",
    });
    expect(parseDateToken("date^1392734382^{time}|x")).toEqual({
      unix: 1392734382,
      format: "{time}",
      fallback: "x",
    });
    expect(parseDateToken("here")).toBeUndefined();
  });
});
