import { describe, expect, it } from "vitest";
import { PollStateError } from "../../../src/alerts/engine/poll/poll-state";
import { diffIncidents } from "../../../src/alerts/kinds/incident/diff";
import { decodePollState, encodePollState } from "../../../src/alerts/kinds/registry";
import { incident, T0 } from "./fixtures";

describe("poll state codec", () => {
  it("round-trips a diffed state and reads a missing one as null", () => {
    const { state } = diffIncidents(null, [incident("1", T0)], { now: T0 });
    expect(decodePollState(encodePollState(state))).toEqual(state);
    expect(decodePollState(null)).toBeNull();
    expect(decodePollState("")).toBeNull();
  });

  it("writes one string for one state, whatever order its keys were built or decoded in", () => {
    const { state } = diffIncidents(null, [incident("2", T0), incident("1", T0 - 1, { maintenance: true })], {
      now: T0,
    });
    const stored = encodePollState({ ...state, floor: { id: "0", started: "2025-01-01T00:00:00Z" } });
    const decoded = decodePollState(stored);
    expect(decoded).not.toBeNull();
    const shuffled = JSON.parse(JSON.stringify(decoded), (_key, value) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    );
    expect(Object.keys(shuffled)[0]).not.toBe("v");
    expect(encodePollState(shuffled)).toBe(stored);
  });

  it("reads a state written before SCRIPT_VERSION 8, and writes it without incidentsFetchedAt", () => {
    const old = decodePollState('{"v":1,"baselined":true,"tracked":{},"incidentsFetchedAt":5}');
    expect(old?.incidentsFetchedAt).toBe(5);
    expect(encodePollState(old!)).toBe('{"v":1,"baselined":true,"tracked":{}}');
  });

  it("rejects what this version did not write with a typed error", () => {
    expect(() => decodePollState("{")).toThrow(PollStateError);
    expect(() => decodePollState('{"v":2,"baselined":true,"tracked":{}}')).toThrow(PollStateError);
    expect(() => decodePollState('{"v":1,"baselined":true,"tracked":{"1":{"id":"1"}}}')).toThrow(
      PollStateError,
    );
  });
});
