import { describe, expect, it } from "vitest";
import type { CheckSnapshot } from "../../../src/alerts/engine/poll/detector";
import {
  advanceSlow,
  SLOW_FORGET_MS,
  SLOW_SAMPLES_MAX,
  type SlowState,
  type SlowTransition,
} from "../../../src/alerts/kinds/slow/slow-state";

const T = Date.UTC(2026, 10, 28, 12, 0, 0);
const RULE = { thresholdMs: 2000, checks: 3 };
let nextId = 0;

/** One check of `monitorId`, `n` seconds after T, taking `ms` (A5: newest first is the caller's order). */
function check(monitorId: string, n: number, ms: number | null, state = 1, location = "nyc"): CheckSnapshot {
  nextId++;
  return { id: `c${nextId}`, monitorId, location, state, durationMs: ms, created: T + n * 1000 };
}

/** The API's order: newest first (A5). */
const newestFirst = (checks: CheckSnapshot[]) => [...checks].sort((a, b) => b.created! - a.created!);

/** Feeds checks poll by poll (each poll sees every check so far, newest first, as the list does). */
function run(polls: CheckSnapshot[][], rules = [RULE]) {
  let state: SlowState | undefined;
  const seen: CheckSnapshot[] = [];
  const out: SlowTransition[][] = [];
  for (const poll of polls) {
    seen.push(...poll);
    const next = advanceSlow(state, newestFirst(seen), rules, T + 3_600_000);
    state = next.state;
    out.push(next.transitions);
  }
  return { state, transitions: out };
}

const phases = (ts: SlowTransition[][]) => ts.map((poll) => poll.map((t) => `${t.phase}:${t.monitorId}`));

describe("advanceSlow: the slow-response state machine (issue 37)", () => {
  it("opens after N slow checks in a row, updates while slow, ends after 3 fast ones", () => {
    const { transitions, state } = run([
      [check("m1", 1, 2500), check("m1", 2, 2600)],
      [check("m1", 3, 2700)],
      [check("m1", 4, 2400)],
      [check("m1", 5, 900), check("m1", 6, 800)],
      [check("m1", 7, 700)],
    ]);
    expect(phases(transitions)).toEqual([[], ["slow:m1"], ["updated:m1"], ["updated:m1"], ["fast:m1"]]);
    const opened = transitions[1]![0]!;
    expect(opened.samples.map((s) => s.ms)).toEqual([2500, 2600, 2700]);
    expect(opened.since).toBe(T + 1000);
    expect(opened.rule).toEqual(RULE);
    const fast = transitions[4]![0]!;
    expect(fast.alertId).toBe(opened.alertId);
    expect(fast.samples.map((s) => s.ms)).toEqual([2500, 2600, 2700, 2400, 900, 800, 700]);
    // Nothing is left of the spell: the next slow run is a new alert.
    expect(state?.rules).toEqual({});
  });

  it("counts the default 3 in a row: a fast check in between starts the run again", () => {
    const { transitions } = run([
      [check("m1", 1, 2500), check("m1", 2, 2600), check("m1", 3, 1500)],
      [check("m1", 4, 2500)],
    ]);
    expect(phases(transitions)).toEqual([[], []]);
  });

  it("needs the fast checks in a row too: a slow one in between keeps it open", () => {
    const { transitions } = run([
      [check("m1", 1, 2500), check("m1", 2, 2500), check("m1", 3, 2500)],
      [
        check("m1", 4, 100),
        check("m1", 5, 100),
        check("m1", 6, 2500),
        check("m1", 7, 100),
        check("m1", 8, 100),
      ],
      [check("m1", 9, 100)],
    ]);
    expect(phases(transitions)).toEqual([["slow:m1"], ["updated:m1"], ["fast:m1"]]);
  });

  it("a threshold is 'longer than': a check of exactly the threshold is fast", () => {
    const { transitions } = run([[check("m1", 1, 2000), check("m1", 2, 2000), check("m1", 3, 2000)]]);
    expect(phases(transitions)).toEqual([[]]);
  });

  it("leaves out failed checks (an outage is an incident) and checks without a duration", () => {
    const { transitions } = run([
      [check("m1", 1, 2500), check("m1", 2, 30_000, -1), check("m1", 3, null), check("m1", 4, 2500)],
      [check("m1", 5, 2500)],
    ]);
    expect(phases(transitions)).toEqual([[], ["slow:m1"]]);
    expect(transitions[1]![0]!.samples.map((s) => s.at)).toEqual([T + 1000, T + 4000, T + 5000]);
  });

  it("counts every check once, however many polls see it", () => {
    const first = [check("m1", 1, 2500), check("m1", 2, 2500)];
    const { transitions } = run([first, [], [], [check("m1", 3, 100)]]);
    expect(phases(transitions)).toEqual([[], [], [], []]);
  });

  it("counts a check that reaches the list after a poll counted another with the same time", () => {
    // Two locations of one round share `created`; the second lands after the poll read the first.
    const { transitions } = run([
      [check("m1", 1, 2500, 1, "nyc"), check("m1", 2, 2500, 1, "nyc")],
      [check("m1", 2, 2600, 1, "lon")],
    ]);
    expect(phases(transitions)).toEqual([[], ["slow:m1"]]);
  });

  it("keeps each rule and each monitor apart", () => {
    const strict = { thresholdMs: 1000, checks: 1 };
    const { transitions } = run(
      [[check("m1", 1, 1500), check("m2", 1, 2500), check("m2", 2, 2500), check("m2", 3, 2500)]],
      [RULE, strict],
    );
    expect(transitions[0]!.map((t) => `${t.rule.thresholdMs}:${t.phase}:${t.monitorId}`).sort()).toEqual([
      "1000:slow:m1",
      "1000:slow:m2",
      "2000:slow:m2",
    ]);
    const ids = new Set(transitions[0]!.map((t) => t.alertId));
    expect(ids.size).toBe(3);
  });

  it("says both when a spell opens and ends within one poll", () => {
    const { transitions } = run([
      [
        check("m1", 1, 2500),
        check("m1", 2, 2500),
        check("m1", 3, 2500),
        check("m1", 4, 1),
        check("m1", 5, 1),
        check("m1", 6, 1),
      ],
    ]);
    expect(phases(transitions)).toEqual([["slow:m1", "fast:m1"]]);
  });

  it("keeps the latest samples only", () => {
    const checks = Array.from({ length: SLOW_SAMPLES_MAX + 5 }, (_, i) => check("m1", i + 1, 3000 + i));
    const { transitions } = run([checks.slice(0, 3), checks.slice(3)]);
    const samples = transitions[1]![0]!.samples;
    expect(samples).toHaveLength(SLOW_SAMPLES_MAX);
    expect(samples.at(-1)!.ms).toBe(3000 + SLOW_SAMPLES_MAX + 4);
  });

  it("lets go of a spell no check renewed for SLOW_FORGET_MS, silently", () => {
    const opened = advanceSlow(
      undefined,
      newestFirst([check("m1", 1, 2500), check("m1", 2, 2500), check("m1", 3, 2500)]),
      [RULE],
      T,
    );
    expect(Object.keys(opened.state!.rules)).toHaveLength(1);
    const later = advanceSlow(opened.state, [], [RULE], T + 3000 + SLOW_FORGET_MS + 1);
    expect(later.transitions).toEqual([]);
    expect(later.state!.rules).toEqual({});
  });

  it("keeps no state without rules, and drops a rule's state when the rule goes", () => {
    expect(advanceSlow(undefined, [check("m1", 1, 9000)], [], T)).toEqual({
      state: undefined,
      transitions: [],
    });
    const { state } = run([[check("m1", 1, 2500)]]);
    const other = advanceSlow(state, [], [{ thresholdMs: 5000, checks: 3 }], T);
    expect(other.state!.rules).toEqual({});
  });
});
