import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecodeError } from "../../../src/uptime/errors";
import { toDate } from "../../../src/uptime/iso-timestamps";

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");

describe("toDate", () => {
  it("agrees with Date.parse on the service's forms (offset, Z, fractions)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2200-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        fc.constantFrom("", ".5", ".123", ".123456789"),
        fc.boolean(),
        (date, offset, fraction, zulu) => {
          const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
          const zone = zulu
            ? "Z"
            : `${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
          const text = zulu ? date.toISOString().slice(0, 19) + fraction + zone : local + fraction + zone;
          expect(toDate(text, []).getTime()).toBe(Date.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("falls back to the general ISO form and refuses everything else with a DecodeError", () => {
    expect(toDate("2024-05-01", []).toISOString()).toBe("2024-05-01T00:00:00.000Z");
    expect(toDate("2024-05-01T10:00+0200", []).toISOString()).toBe("2024-05-01T08:00:00.000Z");
    // No zone: UTC, whatever the machine's zone.
    expect(toDate("2024-05-01T10:00:00", []).toISOString()).toBe("2024-05-01T10:00:00.000Z");
    for (const bad of [
      "",
      "1714557600",
      "yesterday",
      "2024-13-01T00:00:00Z",
      "2024-05-01T25:00:00+00:00",
      "2024-05-01T10:00:00+00",
    ]) {
      expect(() => toDate(bad, ["data", "attributes", "started"]), bad).toThrow(DecodeError);
    }
  });
});
