import { describe, expect, it } from "vitest";
import { ClaimHolds } from "../../../src/alerts/poll/claim-holds";
import { holdPeriod } from "../../../src/alerts/poll/poll-worker";
import type { ClaimedTarget } from "../../../src/store/scheduler";

function claim(target: string, heldUntil: number | null = 5_000): ClaimedTarget {
  return {
    target,
    leaseToken: `w:${target}`,
    state: null,
    failures: 0,
    meta: null,
    settled: true,
    refresh: false,
    heldUntil,
  };
}

describe("ClaimHolds (issue 13)", () => {
  it("hands over the claims old enough to extend, oldest first, and they stop being held", () => {
    const holds = new ClaimHolds();
    const [a, b, c] = [claim("a"), claim("b"), claim("c")];
    holds.add(a, 100);
    holds.add(b, 150);
    holds.add(c, 300);
    expect(holds.takeOlderThan(99)).toEqual([]);
    expect(holds.takeOlderThan(150)).toEqual([a, b]);
    expect(holds.size).toBe(1);
    // Taken for extension: its poll must commit.
    expect(holds.has(a)).toBe(false);
    expect(holds.has(c)).toBe(true);
    // Open until released (its poll and commit ended), whatever was asked meanwhile.
    expect(holds.has(c)).toBe(true);
    holds.release(c);
    expect(holds.has(c)).toBe(false);
    expect(holds.size).toBe(0);
  });

  it("ignores leased claims: their polls always commit", () => {
    const holds = new ClaimHolds();
    const leased = claim("l", null);
    holds.add(leased, 0);
    expect(holds.size).toBe(0);
    expect(holds.has(leased)).toBe(false);
    expect(holds.takeOlderThan(1_000)).toEqual([]);
  });
});

describe("holdPeriod", () => {
  it("is a third of the shortest hold, at most a second, and off when that is too short for a timer", () => {
    // 5 s less 10 % jitter: 4.5 s, a third 1.5 s, capped at 1 s.
    expect(holdPeriod(5_000, 0.1)).toBe(1_000);
    expect(holdPeriod(1_000, 0.1)).toBe(300);
    expect(holdPeriod(200, 0.1)).toBe(60);
    expect(holdPeriod(30, 0)).toBe(10);
    expect(holdPeriod(29, 0)).toBeNull();
  });
});
