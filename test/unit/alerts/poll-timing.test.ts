import { describe, expect, it } from "vitest";
import { coolDownUntil, nextPollAt, retryPollAt } from "../../../src/alerts/engine/poll/poll-timing";

const now = 1_000_000;

describe("poll timing", () => {
  it("spreads the normal interval by the jitter", () => {
    expect(nextPollAt(now, { intervalMs: 10_000, random: () => 0 })).toBe(now + 9_000);
    expect(nextPollAt(now, { intervalMs: 10_000, random: () => 0.5 })).toBe(now + 10_000);
    expect(nextPollAt(now, { intervalMs: 10_000, jitter: 0.2, random: () => 0.999_999 })).toBe(now + 12_000);
  });

  it("backs off exponentially with failures, in [half the ceiling, the ceiling), capped", () => {
    const options = { intervalMs: 1_000, backoffBaseMs: 4_000, backoffMaxMs: 60_000 };
    const low = (failures: number) => retryPollAt(now, failures, { ...options, random: () => 0 }) - now;
    const high = (failures: number) =>
      retryPollAt(now, failures, { ...options, random: () => 0.999_999 }) - now;
    expect([1, 2, 3, 4].map(low)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect([1, 2, 3, 4].map(high)).toEqual([3_999, 7_999, 15_999, 31_999]);
    expect(high(20)).toBe(59_999);
    expect(low(20)).toBe(30_000);
  });

  it("never retries sooner than the normal interval", () => {
    expect(retryPollAt(now, 1, { intervalMs: 10_000, backoffBaseMs: 1_000, random: () => 0 })).toBe(
      now + 10_000,
    );
  });

  it("turns Retry-After seconds into the end of a cool-down, at least the minimum", () => {
    expect(coolDownUntil(now, 30, 5_000)).toBe(now + 30_000);
    expect(coolDownUntil(now, null, 5_000)).toBe(now + 5_000);
    expect(coolDownUntil(now, Number.NaN, 5_000)).toBe(now + 5_000);
  });
});
