import { describe, expect, it } from "vitest";
import { deferralStep, deferredSchedule, HELD_BACK } from "../../../src/alerts/engine/deferrals";

const deferral = { key: "42", until: 10_000 };
const pending = { dueAt: 10_000, last: null };
const none = { dueAt: null, last: null };

describe("deferralStep", () => {
  it("holds an event before its time, delivers it at or after", () => {
    expect(deferralStep(deferral, none, 9_999)).toBe("hold");
    expect(deferralStep(deferral, pending, 9_999)).toBe("hold");
    expect(deferralStep(deferral, pending, 10_000)).toBe("deliver");
  });

  it("delivers whatever comes once the hold fired (released), even if the clock says it is early", () => {
    expect(deferralStep(deferral, { dueAt: null, last: "once" }, 0)).toBe("deliver");
    expect(deferralStep({ ...deferral, ends: true }, { dueAt: null, last: "once" }, 0)).toBe("deliver");
  });

  it("retires a pending hold when an ending event comes first, and drops all that follows", () => {
    expect(deferralStep({ ...deferral, ends: true }, pending, 5_000)).toBe("retire");
    const dropped = { dueAt: null, last: HELD_BACK };
    expect(deferralStep({ ...deferral, ends: true }, dropped, 5_000)).toBe("drop");
    expect(deferralStep(deferral, dropped, 50_000)).toBe("drop");
  });

  it("delivers an ending event that was never held (posted before the rule, or too late to hold)", () => {
    expect(deferralStep({ ...deferral, ends: true }, none, 5_000)).toBe("deliver");
  });
});

describe("deferredSchedule", () => {
  it("puts the held event back for its one subscription, once", () => {
    const firing = deferredSchedule.fire(
      { kind: "deferred", subscriptionId: "sub1", key: "42", event: '{"type":"opened"}' },
      { dueAt: 10_000, now: 10_500 },
    );
    expect(firing).toEqual({
      period: "once",
      nextDueAt: 0,
      target: "deferred:sub1",
      event: '{"type":"opened"}',
    });
  });
});
