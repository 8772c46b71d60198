import { describe, expect, it } from "vitest";
import type { CheckSnapshot } from "../../../src/alerts/engine/poll/detector";
import type { PollState } from "../../../src/alerts/kinds/registry";
import {
  slowEvents,
  slowMonitorsToFetch,
  trackSlow,
  withSlow,
} from "../../../src/alerts/kinds/slow/detector";

const T = Date.UTC(2026, 10, 28, 12, 0, 0);
const RULES = [{ thresholdMs: 2000, checks: 1 }];
const base: PollState = { v: 1, baselined: true, tracked: {} };
const check = (id: string, monitorId: string, n: number, ms: number): CheckSnapshot => ({
  id,
  monitorId,
  location: "nyc",
  state: 1,
  durationMs: ms,
  created: T + n * 1000,
});

describe("trackSlow: what a poll commits for --slow (issue 37)", () => {
  it("tracks nothing before the baseline or without rules", () => {
    const slow = [check("a", "m1", 1, 9000)];
    expect(trackSlow(null, slow, RULES, T)).toMatchObject({ changed: false, transitions: [] });
    expect(trackSlow({ ...base, baselined: false }, slow, RULES, T).changed).toBe(false);
    expect(trackSlow(base, slow, [], T).changed).toBe(false);
  });

  it("writes a first state, then nothing for new checks that move no count, then the opening", () => {
    const first = trackSlow(base, [check("a", "m1", 1, 100)], RULES, T);
    expect(first.changed).toBe(true);
    const stored = withSlow(base, first.state);
    const quiet = trackSlow(stored, [check("b", "m2", 2, 150), check("a", "m1", 1, 100)], RULES, T);
    expect(quiet.changed).toBe(false);
    // Not committed: the next poll counts m2's fast check again, with the same (no) effect.
    const slow = trackSlow(stored, [check("c", "m1", 3, 2500), check("b", "m2", 2, 150)], RULES, T);
    expect(slow.changed).toBe(true);
    expect(slow.transitions.map((t) => `${t.phase}:${t.monitorId}`)).toEqual(["slow:m1"]);
  });

  it("drops the slow state once the target has no rule any more", () => {
    const first = trackSlow(base, [check("a", "m1", 1, 2500)], RULES, T);
    const stored = withSlow(base, first.state);
    const gone = trackSlow(stored, [], [], T);
    expect(gone.changed).toBe(true);
    expect(withSlow(stored, gone.state)).toEqual(base);
  });

  it("reads the monitor only for alerts that open, and puts it on their events alone", () => {
    const opened = trackSlow(base, [check("a", "m1", 1, 2500)], RULES, T);
    const known = new Map([["m9", null]]);
    expect(slowMonitorsToFetch(opened.transitions, known)).toEqual(["m1"]);
    const monitor = { id: "m1", name: "Blog", target: "https://blog.example.com/", group: null };
    const [event] = slowEvents(opened.transitions, "7", new Map([["m1", monitor]]));
    expect(event).toMatchObject({ type: "slow", phase: "slow", apiTeamId: "7", monitor, rule: RULES[0] });
  });
});
