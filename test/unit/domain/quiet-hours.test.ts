import { describe, expect, it } from "vitest";
import { inQuietHours, quietHoursOf } from "../../../src/domain/quiet-hours";

const at = (iso: string) => Date.parse(iso);

describe("quietHoursOf", () => {
  it("takes the record's zone, else the Slack zone, else UTC", () => {
    const record = { silentStart: "22:00", silentEnd: "07:00", timeZone: "Europe/Berlin" };
    expect(quietHoursOf(record, "America/New_York")).toEqual({
      start: "22:00",
      end: "07:00",
      timeZone: "Europe/Berlin",
    });
    expect(quietHoursOf({ ...record, timeZone: null }, "America/New_York")?.timeZone).toBe(
      "America/New_York",
    );
    expect(quietHoursOf({ ...record, timeZone: "Mars/Olympus" }, null)?.timeZone).toBe("UTC");
  });

  it("has none without both times, with a malformed one, or when they are equal", () => {
    const base = { silentStart: "22:00", silentEnd: "07:00", timeZone: "UTC" };
    expect(quietHoursOf({ ...base, silentStart: null }, null)).toBeNull();
    expect(quietHoursOf({ ...base, silentEnd: "7:00" }, null)).toBeNull();
    expect(quietHoursOf({ ...base, silentEnd: "24:00" }, null)).toBeNull();
    expect(quietHoursOf({ ...base, silentEnd: "22:00" }, null)).toBeNull();
  });
});

describe("inQuietHours", () => {
  it("spans midnight in the person's zone", () => {
    const quiet = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
    // Berlin is UTC+1 in winter.
    expect(inQuietHours(quiet, at("2026-11-26T20:59:00Z"))).toBe(false);
    expect(inQuietHours(quiet, at("2026-11-26T21:00:00Z"))).toBe(true);
    expect(inQuietHours(quiet, at("2026-11-27T03:00:00Z"))).toBe(true);
    expect(inQuietHours(quiet, at("2026-11-27T05:59:00Z"))).toBe(true);
    expect(inQuietHours(quiet, at("2026-11-27T06:00:00Z"))).toBe(false);
  });

  it("follows daylight saving time (UTC+2 in summer)", () => {
    const quiet = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
    expect(inQuietHours(quiet, at("2026-07-01T20:00:00Z"))).toBe(true);
    expect(inQuietHours(quiet, at("2026-07-01T19:59:00Z"))).toBe(false);
  });

  it("handles a period within one day", () => {
    const quiet = { start: "12:30", end: "14:00", timeZone: "UTC" };
    expect(inQuietHours(quiet, at("2026-11-26T12:29:00Z"))).toBe(false);
    expect(inQuietHours(quiet, at("2026-11-26T12:30:00Z"))).toBe(true);
    expect(inQuietHours(quiet, at("2026-11-26T14:00:00Z"))).toBe(false);
  });
});
