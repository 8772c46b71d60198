import { describe, expect, it } from "vitest";
import {
  scheduleTarget,
  subscriptionOfScheduleTarget,
} from "../../../src/alerts/engine/schedules/schedule-targets";

describe("schedule targets", () => {
  it("name one subscription for every kind, a new one included, and never for a poll target", () => {
    for (const kind of ["digest", "escalation", "maintenance", "redraw", "reminder"]) {
      expect(subscriptionOfScheduleTarget(scheduleTarget(kind, "sub1"))).toBe("sub1");
    }
    expect(subscriptionOfScheduleTarget("team:7:0123abcd")).toBeNull();
    expect(subscriptionOfScheduleTarget("t")).toBeNull();
    expect(subscriptionOfScheduleTarget("digest:")).toBeNull();
  });
});
