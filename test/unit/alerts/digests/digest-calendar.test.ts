import { describe, expect, it } from "vitest";
import {
  digestPeriod,
  latestOccurrence,
  nextOccurrence,
  periodEndingNow,
} from "../../../../src/alerts/kinds/digest/digest-calendar";
import { isTimeZone } from "../../../../src/lib/time-zone";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("digest calendar", () => {
  it("daily: 09:00 in the subscriber's zone, today's once it passed, else yesterday's", () => {
    // 07:30 UTC is 08:30 in Amsterdam (CET): today's 09:00 is still ahead.
    expect(iso(latestOccurrence("daily", "Europe/Amsterdam", at("2026-11-24T07:30:00Z")))).toBe(
      "2026-11-23T08:00:00.000Z",
    );
    expect(iso(nextOccurrence("daily", "Europe/Amsterdam", at("2026-11-24T07:30:00Z")))).toBe(
      "2026-11-24T08:00:00.000Z",
    );
    // Exactly 09:00 is that day's digest; the next is tomorrow's.
    expect(iso(latestOccurrence("daily", "Europe/Amsterdam", at("2026-11-24T08:00:00Z")))).toBe(
      "2026-11-24T08:00:00.000Z",
    );
    expect(iso(nextOccurrence("daily", "Europe/Amsterdam", at("2026-11-24T08:00:00Z")))).toBe(
      "2026-11-25T08:00:00.000Z",
    );
    expect(iso(nextOccurrence("daily", "America/Los_Angeles", at("2026-11-24T08:00:00Z")))).toBe(
      "2026-11-24T17:00:00.000Z",
    );
  });

  it("weekly: Monday 09:00, this week's once it passed, else last week's", () => {
    // Tuesday 24 Nov 2026.
    expect(iso(latestOccurrence("weekly", "Europe/Amsterdam", at("2026-11-24T12:00:00Z")))).toBe(
      "2026-11-23T08:00:00.000Z",
    );
    expect(iso(nextOccurrence("weekly", "Europe/Amsterdam", at("2026-11-24T12:00:00Z")))).toBe(
      "2026-11-30T08:00:00.000Z",
    );
    // Monday 08:59 local: last Monday's is the latest.
    expect(iso(latestOccurrence("weekly", "Europe/Amsterdam", at("2026-11-23T07:59:00Z")))).toBe(
      "2026-11-16T08:00:00.000Z",
    );
    // Sunday in Tokyo is already Monday morning there.
    expect(iso(nextOccurrence("weekly", "Asia/Tokyo", at("2026-11-22T20:00:00Z")))).toBe(
      "2026-11-23T00:00:00.000Z",
    );
  });

  it("follows the wall clock across a DST change: the day is 23 hours long", () => {
    // Europe/Amsterdam springs forward on Sunday 29 March 2026.
    const sunday = latestOccurrence("daily", "Europe/Amsterdam", at("2026-03-29T12:00:00Z"));
    expect(iso(sunday)).toBe("2026-03-29T07:00:00.000Z");
    const period = digestPeriod("daily", "Europe/Amsterdam", sunday);
    expect(iso(period.from)).toBe("2026-03-28T08:00:00.000Z");
    expect(period.to - period.from).toBe(23 * 3_600_000);
    expect(period.key).toBe("daily:2026-03-29");
  });

  it("names a period by its end's local date, the same on every replica", () => {
    const occurrence = at("2026-11-23T00:00:00Z"); // Monday 09:00 in Tokyo
    expect(digestPeriod("weekly", "Asia/Tokyo", occurrence)).toEqual({
      key: "weekly:2026-11-23",
      from: at("2026-11-16T00:00:00Z"),
      to: occurrence,
    });
  });

  it("a digest asked for now covers the last day or week up to now", () => {
    const now = at("2026-11-24T10:15:00Z");
    expect(periodEndingNow("weekly", now)).toMatchObject({ from: now - 7 * 86_400_000, to: now });
  });

  it("knows real zones only", () => {
    expect(isTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
