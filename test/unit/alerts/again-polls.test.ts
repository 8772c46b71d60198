import { describe, expect, it } from "vitest";
import { isLastPollOfHold, type QueuedPoll, readsRefresh } from "../../../src/alerts/engine/poll/again-polls";
import type { ClaimedTarget } from "../../../src/store/poll-target-types";

const STEP = 1_000;

/** A claim held from 0 for four polls a step apart (0, 1 s, 2 s, 3 s), its poll due at `due`. */
function poll(due: number, refreshAt: number | null, heldUntil: number | null = 4 * STEP): QueuedPoll {
  const claimed: ClaimedTarget = {
    target: "team:1:hash",
    leaseToken: "w:1",
    state: null,
    failures: 0,
    meta: null,
    settled: true,
    refresh: false,
    refreshAt,
    heldUntil,
  };
  return { claimed, due, step: heldUntil === null ? 0 : STEP };
}

describe("a held claim's polls and its booked refresh (issue 13)", () => {
  it("knows the last poll of a hold: the next one is the next claim's", () => {
    expect([0, 1, 2, 3].map((n) => isLastPollOfHold(poll(n * STEP, null)))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(isLastPollOfHold(poll(0, null, null))).toBe(true);
  });

  it("reads a refresh when it is due, or with the hold's last poll when it falls due after it", () => {
    expect(readsRefresh(poll(STEP, 1_500), STEP)).toBe(false);
    expect(readsRefresh(poll(2 * STEP, 1_500), 2 * STEP)).toBe(true);
    // Booked between the last poll (3 s) and the end of the hold (4 s): no poll of this hold reaches it.
    expect(readsRefresh(poll(3 * STEP, 3_500), 3 * STEP)).toBe(true);
    expect(readsRefresh(poll(3 * STEP, null), 3 * STEP)).toBe(false);
  });
});
