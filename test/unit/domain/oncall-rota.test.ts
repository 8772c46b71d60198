import { describe, expect, it } from "vitest";
import {
  handoverAt,
  latestHandover,
  newRota,
  nextChangeAfter,
  onCallAt,
  type Rota,
  resolveMention,
} from "../../../src/domain/oncall-rota";

const AMS = "Europe/Amsterdam";
const iso = (ms: number) => new Date(ms).toISOString();

function weekly(now: number, people = ["UA", "UB", "UC"]): Rota {
  return newRota(
    { people, everyDays: 7, at: { weekday: 1, hour: 9, minute: 0 }, timeZone: AMS, setBy: "UA" },
    now,
  );
}

describe("rota arithmetic", () => {
  it("anchors on the latest Monday 09:00 in the setter's zone", () => {
    // Wednesday 2026-03-18 12:00 UTC (13:00 in Amsterdam, CET).
    const rota = weekly(Date.parse("2026-03-18T12:00:00Z"));
    expect(iso(rota.anchor)).toBe("2026-03-16T08:00:00.000Z");
  });

  it("keeps 09:00 local across the spring DST change (a 167-hour turn)", () => {
    const rota = weekly(Date.parse("2026-03-18T12:00:00Z"));
    // Europe moves to CEST on Sunday 2026-03-29: Monday 09:00 is 07:00 UTC from then on.
    expect(iso(handoverAt(rota, 1))).toBe("2026-03-23T08:00:00.000Z");
    expect(iso(handoverAt(rota, 2))).toBe("2026-03-30T07:00:00.000Z");
    expect(handoverAt(rota, 2) - handoverAt(rota, 1)).toBe(167 * 3_600_000);
  });

  it("keeps 09:00 local across the autumn DST change, daily", () => {
    const rota = newRota(
      { people: ["UA", "UB"], everyDays: 1, at: { hour: 9, minute: 0 }, timeZone: AMS, setBy: "UA" },
      Date.parse("2026-10-24T12:00:00Z"),
    );
    // CEST ends on Sunday 2026-10-25.
    expect(iso(handoverAt(rota, 0))).toBe("2026-10-24T07:00:00.000Z");
    expect(iso(handoverAt(rota, 1))).toBe("2026-10-25T08:00:00.000Z");
    expect(onCallAt(rota, Date.parse("2026-10-25T07:30:00Z")).user).toBe("UA");
    expect(onCallAt(rota, Date.parse("2026-10-25T08:00:00Z")).user).toBe("UB");
  });

  it("says who is on call, until when, and who is next, wrapping around", () => {
    const rota = weekly(Date.parse("2026-03-18T12:00:00Z"));
    const now = onCallAt(rota, Date.parse("2026-03-20T00:00:00Z"));
    expect(now).toEqual({
      user: "UA",
      until: Date.parse("2026-03-23T08:00:00Z"),
      next: "UB",
      overridden: false,
    });
    expect(onCallAt(rota, Date.parse("2026-04-07T00:00:00Z")).user).toBe("UA");
    expect(onCallAt(rota, Date.parse("2026-04-07T00:00:00Z")).next).toBe("UB");
  });

  it("lets an override win for its time, then hands back to the rota", () => {
    const set = Date.parse("2026-03-18T12:00:00Z");
    const rota: Rota = { ...weekly(set), override: { user: "UC", from: set, until: set + 4 * 3_600_000 } };
    expect(onCallAt(rota, set + 1000)).toMatchObject({ user: "UC", overridden: true, next: "UA" });
    expect(onCallAt(rota, set + 4 * 3_600_000).user).toBe("UA");
    expect(nextChangeAfter(rota, set + 1000)).toBe(set + 4 * 3_600_000);
    expect(nextChangeAfter(rota, set + 5 * 3_600_000)).toBe(Date.parse("2026-03-23T08:00:00Z"));
  });

  it("finds the latest handover on the day itself only once its time has come", () => {
    const at = { weekday: 1, hour: 9, minute: 0 };
    expect(iso(latestHandover(at, "UTC", Date.parse("2026-03-16T08:59:00Z")))).toBe(
      "2026-03-09T09:00:00.000Z",
    );
    expect(iso(latestHandover(at, "UTC", Date.parse("2026-03-16T09:00:00Z")))).toBe(
      "2026-03-16T09:00:00.000Z",
    );
  });
});

describe("resolveMention", () => {
  it("turns oncall into the person on call at the moment, and leaves others alone", () => {
    const rota = weekly(Date.parse("2026-03-18T12:00:00Z"));
    expect(resolveMention({ kind: "oncall" }, rota, Date.parse("2026-03-24T00:00:00Z"))).toEqual({
      kind: "user",
      id: "UB",
    });
    expect(resolveMention({ kind: "oncall" }, null, 0)).toBeNull();
    expect(resolveMention({ kind: "here" }, null, 0)).toEqual({ kind: "here" });
    expect(resolveMention(undefined, rota, 0)).toBeNull();
  });
});
