import { describe, expect, it } from "vitest";
import {
  decideFlap,
  decideStorm,
  FLAP_WINDOW_MS,
  STORM_WINDOW_MS,
} from "../../../src/alerts/kinds/storm/alert-rules";
import { matchesFilters } from "../../../src/domain/subscription-filters";
import type { StoredAlertView } from "../../../src/store/alert-message-store";

const T0 = Date.parse("2026-03-02T10:00:00Z");
const view = {} as StoredAlertView;

describe("decideStorm", () => {
  it("rolls up the opens beyond the threshold within a minute, not the first ones", () => {
    let opens: Record<string, number> = {};
    const decisions = [];
    for (let i = 1; i <= 8; i++) {
      const decision = decideStorm({ opens }, String(i), T0 + i * 1000);
      opens = decision.opens;
      decisions.push(decision.rollup);
    }
    expect(decisions).toEqual([false, false, false, false, false, true, true, true]);
  });

  it("does not count opens more than a minute apart", () => {
    let opens: Record<string, number> = {};
    for (let i = 1; i <= 8; i++) {
      const decision = decideStorm({ opens }, String(i), T0 + i * (STORM_WINDOW_MS / 2 + 1000));
      opens = decision.opens;
      expect(decision.rollup).toBe(false);
    }
    expect(Object.keys(opens).length).toBeLessThanOrEqual(3);
  });

  it("keeps rolling up while the storm goes on, and stops once its incidents recovered or it went quiet", () => {
    const rollup = { id: "r", lastOpenAt: T0, members: { "1": { view, stage: "open" as const } } };
    expect(decideStorm({ opens: {}, rollup }, "9", T0 + 30_000).rollup).toBe(true);
    expect(decideStorm({ opens: {}, rollup }, "9", T0 + STORM_WINDOW_MS + 1).rollup).toBe(false);
    const over = { ...rollup, members: { "1": { view, stage: "resolved" as const } } };
    expect(decideStorm({ opens: {}, rollup: over }, "9", T0 + 1000).rollup).toBe(false);
  });

  it("decides a late-delivered open as if it had been delivered in order: opens after it do not count", () => {
    const starts: [string, number][] = [
      ["first", T0],
      ...[1, 2, 3, 4, 5].map((i): [string, number] => [String(i), T0 + 10_000 + i]),
    ];
    const decide = (order: [string, number][]) => {
      let opens: Record<string, number> = {};
      const rollup: Record<string, boolean> = {};
      for (const [id, started] of order) {
        const decision = decideStorm({ opens }, id, started);
        opens = decision.opens;
        rollup[id] = decision.rollup;
      }
      return rollup;
    };
    const inOrder = decide(starts);
    expect(inOrder).toEqual({ first: false, "1": false, "2": false, "3": false, "4": false, "5": true });
    // "first" delivered last (e.g. its poll failed for a while): still the first of its minute.
    const late = decide([...starts.slice(1), starts[0]!]);
    expect(late.first).toBe(false);
    expect(decideStorm({ opens: {} }, "first", T0).count).toBe(1);
  });

  it("counts an open at the very start of the window and the incident itself", () => {
    const opens: Record<string, number> = {};
    for (let i = 0; i < 5; i++) opens[String(i)] = T0 + i * 15_000; // T0 .. T0+60 s
    const decision = decideStorm({ opens }, "x", T0 + STORM_WINDOW_MS);
    expect(decision.count).toBe(6);
    expect(decision.rollup).toBe(true);
  });

  it("counts a redelivered open once", () => {
    const first = decideStorm({ opens: {} }, "1", T0);
    expect(decideStorm({ opens: first.opens }, "1", T0).count).toBe(1);
  });
});

describe("decideFlap", () => {
  const lastRoot = { ts: "1.000001", incidentId: "3" };

  it("marks the third incident in 15 minutes flapping and threads the fourth", () => {
    const starts = { "1": T0, "2": T0 + 60_000 };
    const third = decideFlap({ starts }, "3", T0 + 120_000);
    expect(third).toMatchObject({ count: 3, flapping: true, intoThread: false });
    const fourth = decideFlap({ starts: third.starts, lastRoot }, "4", T0 + 180_000);
    expect(fourth).toMatchObject({ count: 4, flapping: true, intoThread: true });
  });

  it("never threads without a root to reply to, or an incident under its own root", () => {
    const starts = { "1": T0, "2": T0 + 1, "3": T0 + 2 };
    expect(decideFlap({ starts }, "4", T0 + 3).intoThread).toBe(false);
    expect(
      decideFlap({ starts: { ...starts, "4": T0 + 3 }, lastRoot: { ts: "1", incidentId: "4" } }, "4", T0 + 3)
        .intoThread,
    ).toBe(false);
  });

  it("forgets incidents older than the window", () => {
    const starts = { "1": T0, "2": T0 + 1, "3": T0 + 2 };
    const later = decideFlap({ starts, lastRoot }, "4", T0 + FLAP_WINDOW_MS + 10);
    expect(later).toMatchObject({ count: 1, flapping: false, intoThread: false });
    expect(Object.keys(later.starts)).toEqual(["4"]);
  });
});

describe("matchesFilters", () => {
  const event = (monitorId: string, group: string | null) => ({
    monitorId,
    monitor: { id: monitorId, name: "m", target: "x", group },
  });

  it("takes everything without filters, else a listed monitor or group", () => {
    expect(matchesFilters({ monitors: [], groups: [] }, event("1", null))).toBe(true);
    expect(matchesFilters({ monitors: ["1"], groups: [] }, event("1", null))).toBe(true);
    expect(matchesFilters({ monitors: ["2"], groups: [] }, event("1", "shop"))).toBe(false);
    expect(matchesFilters({ monitors: [], groups: ["shop"] }, event("1", "shop"))).toBe(true);
    expect(matchesFilters({ monitors: ["2"], groups: ["shop"] }, event("1", "web"))).toBe(false);
    expect(matchesFilters({ monitors: [], groups: ["shop"] }, { monitorId: "1", monitor: null })).toBe(false);
    expect(matchesFilters({ monitors: ["1"], groups: ["shop"] }, { monitorId: "1", monitor: null })).toBe(
      true,
    );
  });
});
