import { describe, expect, it } from "vitest";
import { ClaimHolds, holdPeriod, holdPolls } from "../../../src/alerts/engine/poll/claim-holds";
import type { ClaimedTarget } from "../../../src/store/poll-target-types";

function claim(target: string, heldUntil: number | null = 5_000): ClaimedTarget {
  return {
    target,
    leaseToken: `w:${target}`,
    state: null,
    failures: 0,
    meta: null,
    settled: true,
    refresh: false,
    refreshAt: null,
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

describe("holdPolls", () => {
  it("fits as many jittered intervals as two thirds of a lease hold, from 1 to 4", () => {
    // 20 s of a 30 s lease: 3 polls of at most 5.5 s.
    expect(holdPolls(5_000, 0.1, 30_000)).toBe(3);
    expect(holdPolls(1_000, 0.1, 30_000)).toBe(4);
    expect(holdPolls(200, 0.1, 30_000)).toBe(4);
    expect(holdPolls(9_000, 0.1, 30_000)).toBe(2);
    // An interval longer than two thirds of the lease: every claim is one poll, as before holds.
    expect(holdPolls(20_000, 0, 30_000)).toBe(1);
    expect(holdPolls(60_000, 0.1, 30_000)).toBe(1);
  });
});
