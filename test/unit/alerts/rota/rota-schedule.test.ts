import { describe, expect, it } from "vitest";
import { rotaHandoverSchedule, rotaScheduleId } from "../../../../src/alerts/kinds/rota/rota-schedule";
import { newRota } from "../../../../src/domain/oncall-rota";

const set = Date.parse("2026-03-18T12:00:00Z");
const rota = newRota(
  {
    people: ["UA", "UB"],
    everyDays: 7,
    at: { weekday: 1, hour: 9, minute: 0 },
    timeZone: "Europe/Amsterdam",
    setBy: "UA",
  },
  set,
);
const { people, everyDays, at, timeZone, anchor } = rota;
const spec = {
  kind: "rota-handover" as const,
  subscriptionId: "sub1",
  rota: { people, everyDays, at, timeZone, anchor },
};

describe("the rota's handover schedule", () => {
  it("fires once per handover, named by its due time, into the subscription's outbox", () => {
    const dueAt = Date.parse("2026-03-23T08:00:00Z");
    const firing = rotaHandoverSchedule.fire(spec, { dueAt, now: dueAt + 500 });
    expect(firing.period).toBe(String(dueAt));
    expect(firing.target).toBe("rota:sub1");
    expect(JSON.parse(firing.event)).toEqual({
      type: "rota-handover",
      subscriptionId: "sub1",
      period: String(dueAt),
    });
    // The next turn, at 09:00 local after the DST change: a week minus an hour later.
    expect(firing.nextDueAt).toBe(Date.parse("2026-03-30T07:00:00Z"));
  });

  it("skips none after a replica was down across two handovers: the next is the one after the due time", () => {
    const dueAt = Date.parse("2026-03-23T08:00:00Z");
    const late = rotaHandoverSchedule.fire(spec, { dueAt, now: dueAt + 9 * 86_400_000 });
    expect(late.nextDueAt).toBe(Date.parse("2026-03-30T07:00:00Z"));
  });

  it("is due at an override's end too", () => {
    const from = set;
    const until = set + 4 * 3_600_000;
    const firing = rotaHandoverSchedule.fire(
      { ...spec, rota: { ...spec.rota, override: { user: "UB", from, until } } },
      { dueAt: from + 1, now: from + 1 },
    );
    expect(firing.nextDueAt).toBe(until);
  });

  it("has one id per channel", () => {
    expect(rotaScheduleId({ teamId: "T1" }, "C1")).toBe(rotaScheduleId({ teamId: "T1" }, "C1"));
    expect(rotaScheduleId({ teamId: "T1" }, "C1")).not.toBe(rotaScheduleId({ teamId: "T1" }, "C2"));
  });
});
