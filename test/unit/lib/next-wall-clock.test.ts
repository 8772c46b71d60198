// `--at HH:MM` of `/uptime maintenance` (issue 37): the next such time in the planner's Slack time zone.
import { describe, expect, it } from "vitest";
import { nextWallClock } from "../../../src/lib/time-zone";

const at = (iso: string) => Date.parse(iso);

describe("nextWallClock", () => {
  it("is today's time when still ahead, else tomorrow's, in the zone (not UTC)", () => {
    // 20:00 UTC is 21:00 in Amsterdam (CET, winter).
    const now = at("2026-11-27T20:00:00Z");
    expect(nextWallClock(22, 0, "Europe/Amsterdam", now)).toBe(at("2026-11-27T21:00:00Z"));
    expect(nextWallClock(20, 30, "Europe/Amsterdam", now)).toBe(at("2026-11-28T19:30:00Z"));
    // In Tokyo it is already 05:00 the next day.
    expect(nextWallClock(6, 0, "Asia/Tokyo", now)).toBe(at("2026-11-27T21:00:00Z"));
    expect(nextWallClock(20, 0, "UTC", now)).toBe(at("2026-11-28T20:00:00Z"));
  });

  it("follows a DST change: 22:00 on the evening clocks went back is 21:00 UTC", () => {
    // Europe/Amsterdam leaves summer time on 2026-10-25 at 03:00 local.
    const now = at("2026-10-24T22:00:00Z"); // 00:00 local on the 25th (CEST)
    expect(nextWallClock(22, 0, "Europe/Amsterdam", now)).toBe(at("2026-10-25T21:00:00Z"));
  });
});
