import { describe, expect, it } from "vitest";
import { diffIncidents } from "../../../src/alerts/poll/diff";
import { decodePollState, encodePollState, PollStateError } from "../../../src/alerts/poll/poll-state";
import { incident, T0 } from "./fixtures";

describe("poll state codec", () => {
  it("round-trips a diffed state and reads a missing one as null", () => {
    const { state } = diffIncidents(null, [incident("1", T0)], { now: T0 });
    expect(decodePollState(encodePollState(state))).toEqual(state);
    expect(decodePollState(null)).toBeNull();
    expect(decodePollState("")).toBeNull();
  });

  it("rejects what this version did not write with a typed error", () => {
    expect(() => decodePollState("{")).toThrow(PollStateError);
    expect(() => decodePollState('{"v":2,"baselined":true,"tracked":{}}')).toThrow(PollStateError);
    expect(() => decodePollState('{"v":1,"baselined":true,"tracked":{"1":{"id":"1"}}}')).toThrow(
      PollStateError,
    );
  });
});
