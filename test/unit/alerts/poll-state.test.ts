import { describe, expect, it } from "vitest";
import { diffIncidents } from "../../../src/alerts/diff";
import {
  decodePollState,
  emptyPollState,
  encodePollState,
  PollStateError,
  withChecksSignature,
} from "../../../src/alerts/poll-state";
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

  it("records a checks signature without touching the incidents", () => {
    const { state } = diffIncidents(null, [incident("1", T0)], { now: T0 });
    expect(withChecksSignature(state, "2:xy")).toEqual({ ...state, checksSignature: "2:xy" });
    expect(withChecksSignature(null, "0:a")).toEqual({ ...emptyPollState(), checksSignature: "0:a" });
  });
});
