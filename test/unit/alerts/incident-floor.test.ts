import { describe, expect, it } from "vitest";
import {
  baselineFloor,
  byStarted,
  compareNumericIds,
  isBelowFloor,
  raiseFloor,
} from "../../../src/alerts/kinds/incident/diff";

const at = (id: string, started: string) => ({ id, started });

describe("incident floor", () => {
  it("compares numeric ids of any length without losing precision", () => {
    expect(compareNumericIds("9", "10")).toBeLessThan(0);
    expect(compareNumericIds("90071992547409931", "90071992547409930")).toBeGreaterThan(0);
    expect(compareNumericIds("007", "7")).toBe(0);
    expect(compareNumericIds("a1", "2")).toBeNull();
  });

  it("orders by start, whatever the offset, then by id", () => {
    const list = [
      at("3", "2025-01-01T02:00:00+02:00"),
      at("2", "2025-01-01T00:30:00Z"),
      at("1", "2025-01-01T00:30:00Z"),
    ];
    expect([...list].sort(byStarted).map((i) => i.id)).toEqual(["3", "1", "2"]);
  });

  it("holds an incident below the floor only when both its start and its id are", () => {
    const floor = { started: "2025-01-01T00:00:00+00:00", id: "100" };
    expect(isBelowFloor(at("99", "2024-12-31T23:00:00+00:00"), floor)).toBe(true);
    expect(isBelowFloor(at("100", "2025-01-01T00:00:00+00:00"), floor)).toBe(true);
    expect(isBelowFloor(at("101", "2024-12-31T23:00:00+00:00"), floor)).toBe(false);
    expect(isBelowFloor(at("99", "2025-01-01T00:00:01+00:00"), floor)).toBe(false);
    expect(isBelowFloor(at("x", "2024-12-31T23:00:00+00:00"), floor)).toBe(true);
    expect(isBelowFloor(at("99", "not a date"), floor)).toBe(false);
    expect(isBelowFloor(at("1", "2000-01-01T00:00:00Z"), undefined)).toBe(false);
  });

  it("raises to the maxima of what is forgotten and lowers a baseline to the page's minima", () => {
    const forgotten = [at("7", "2025-01-01T00:00:05Z"), at("9", "2025-01-01T00:00:01Z")];
    expect(raiseFloor(undefined, forgotten)).toEqual({ started: "2025-01-01T00:00:05Z", id: "9" });
    expect(raiseFloor({ started: "2025-02-01T00:00:00Z", id: "8" }, forgotten)).toEqual({
      started: "2025-02-01T00:00:00Z",
      id: "9",
    });
    expect(baselineFloor(forgotten)).toEqual({ started: "2025-01-01T00:00:01Z", id: "7" });
    expect(baselineFloor([])).toBeUndefined();
  });
});
